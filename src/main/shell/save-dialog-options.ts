import { join } from 'node:path';
import {
  EXPORT_KIND_NAMES,
  EXPORT_PASSWORD_WARNING,
  type ExportKind,
} from '../../shared/export/export-kinds';

/** Electron's SaveDialogOptions, as plain data (save-dialog.ts hands them to the dialog). */
export interface SaveDialogData {
  title: string;
  message: string;
  defaultPath: string;
  buttonLabel: string;
  filters: { name: string; extensions: string[] }[];
  properties: ('createDirectory' | 'showOverwriteConfirmation')[];
}

/**
 * The save dialog for an export. Windows and Linux show only the title, macOS also the message:
 * the title alone must say that the file holds passwords. The file type is named after the kind,
 * as in the export menu, so the dialog too says which CSV this is (exact, or for spreadsheets).
 */
export function saveDialogOptions(
  suggestedName: string,
  kind: ExportKind,
  folder: string,
): SaveDialogData {
  const extension = suggestedName.split('.').pop() ?? '';
  return {
    title: 'Export proxies (the file will contain passwords)',
    message: `${EXPORT_KIND_NAMES[kind]}. ${EXPORT_PASSWORD_WARNING}`,
    defaultPath: join(folder, suggestedName),
    buttonLabel: 'Export',
    filters: [
      { name: EXPORT_KIND_NAMES[kind], extensions: [extension] },
      { name: 'All files', extensions: ['*'] },
    ],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
}
