import type { CopyFormat } from '../../shared/credentials';
import type { ExportKind } from '../../shared/export/export-kinds';
import {
  type ExportFormat,
  exportFileName,
  exportProxies,
} from '../../shared/export/export-proxies';
import type { Settings } from '../../shared/settings/settings-schema';
import { UserFacingError } from '../errors/user-facing-error';
import type { ProxyEntry } from '../plans/plans-service';

/** A file to save: the app asks with a save dialog, the browser harness offers a download. */
export interface ExportFile {
  suggestedName: string;
  content: string;
  /** Named in the dialog: both CSV kinds end in .csv, only the name tells them apart. */
  kind: ExportKind;
}

/** Where the user chose to save it, or nothing when they cancelled. */
export type SaveFile = (
  file: ExportFile,
) => Promise<{ saved: true; path: string } | { saved: false }>;

export interface ExportRequest {
  kind: ExportKind;
  copyFormat?: CopyFormat | undefined;
}

export type ExportOutcome = { saved: true; fileName: string; count: number } | { saved: false };

/**
 * Builds the file for the chosen proxies and hands it to the save port. The file is named after
 * their plan, or "proxies" when they span several plans (a search across plans).
 */
export async function saveExport(
  entries: readonly ProxyEntry[],
  request: ExportRequest,
  settings: Settings,
  saveFile: SaveFile,
): Promise<ExportOutcome> {
  if (entries.length === 0) {
    throw new UserFacingError(
      'not_found',
      'None of these proxies are in your plans any more: refresh and try again.',
    );
  }
  const format: ExportFormat =
    request.kind === 'lines'
      ? {
          kind: 'lines',
          credentials: {
            format: request.copyFormat ?? settings.copyFormat,
            hostChoice: settings.hostChoice,
            template: settings.customTemplate,
          },
        }
      : { kind: request.kind };
  const planIds = new Set(entries.map((entry) => entry.plan.id));
  const planName = planIds.size === 1 ? (entries[0]?.plan.name ?? '') : 'proxies';
  const result = await saveFile({
    suggestedName: exportFileName(planName, format),
    content: exportProxies(entries, format),
    kind: request.kind,
  });
  if (!result.saved) return { saved: false };
  return { saved: true, fileName: baseName(result.path), count: entries.length };
}

/** The file's own name, on Windows paths too: the popup shows it, not the folders above it. */
function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
