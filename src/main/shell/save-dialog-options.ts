import { join } from 'node:path';
import { EXPORT_PASSWORD_WARNING } from '../../shared/export/export-kinds';

/** Electron's SaveDialogOptions, as plain data (save-dialog.ts hands them to the dialog). */
export interface SaveDialogData {
  title: string;
  message: string;
  defaultPath: string;
  buttonLabel: string;
  filters: { name: string; extensions: string[] }[];
  properties: ('createDirectory' | 'showOverwriteConfirmation')[];
}

const FILTER_NAMES: Readonly<Record<string, string>> = {
  txt: 'Text, one proxy per line',
  csv: 'CSV spreadsheet',
  json: 'JSON',
};

/**
 * The save dialog for an export. Windows and Linux show only the title, macOS also the message:
 * the title alone must say that the file holds passwords.
 */
export function saveDialogOptions(suggestedName: string, folder: string): SaveDialogData {
  const extension = suggestedName.split('.').pop() ?? '';
  return {
    title: 'Export proxies (the file will contain passwords)',
    message: EXPORT_PASSWORD_WARNING,
    defaultPath: join(folder, suggestedName),
    buttonLabel: 'Export',
    filters: [
      { name: FILTER_NAMES[extension] ?? 'Export', extensions: [extension] },
      { name: 'All files', extensions: ['*'] },
    ],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
}
