import { formatCredentials, type FormatOptions } from '../credentials/format-credentials';
import { exportCsv } from './export-csv';
import type { ExportKind } from './export-kinds';
import type { ExportedProxy } from './exported-proxy';

/**
 * A plan's proxies (or a search result) as a file: one credential per line in any copy format,
 * CSV with every field and the local label (exact, or guarded for spreadsheets), or JSON. Pure, so the app's save dialog and the
 * harness's download write the same bytes. The files hold passwords: callers say so.
 */

export type ExportFormat =
  | { kind: 'lines'; credentials: FormatOptions }
  | { kind: 'csv' }
  | { kind: 'csv-spreadsheet' }
  | { kind: 'json' };

export function exportProxies(entries: readonly ExportedProxy[], format: ExportFormat): string {
  switch (format.kind) {
    case 'lines':
      return entries
        .map(({ proxy }) => `${formatCredentials(proxy, format.credentials)}\n`)
        .join('');
    case 'csv':
      return exportCsv(entries, 'free-text');
    case 'csv-spreadsheet':
      return exportCsv(entries, 'every-field');
    case 'json':
      return `${JSON.stringify(
        entries.map(({ plan, proxy: { label: _sent, ...proxy }, label }) => ({
          plan_id: plan.id,
          plan_name: plan.name,
          label,
          ...proxy,
        })),
        null,
        2,
      )}\n`;
  }
}

/** Both CSV kinds are CSV files: the dialog and the menu tell them apart by name. */
const EXTENSIONS: Readonly<Record<ExportKind, string>> = {
  lines: 'txt',
  csv: 'csv',
  'csv-spreadsheet': 'csv',
  json: 'json',
};

/** The file name a save dialog proposes: the plan's name made safe for every file system. */
export function exportFileName(planName: string, format: ExportFormat): string {
  const base =
    planName.replace(/[^\p{L}\p{N}._ -]+/gu, '-').replace(/^[.\s-]+|[.\s-]+$/g, '') || 'proxies';
  return `${base.slice(0, 80)}.${EXTENSIONS[format.kind]}`;
}
