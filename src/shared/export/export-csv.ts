import type { ExportedProxy } from './exported-proxy';
import { type CsvValue, csvField } from './csv-field';

/**
 * The CSV export: one row per proxy with every field and the label shown. Which fields get the
 * formula guard is the caller's choice of kind:
 * - `free-text`: only the label and the plan name, which anyone could have typed and nobody logs
 *   in with; credentials and addresses are exact, since tools import the file to use them;
 * - `every-field`: all of them, for a file meant to be opened in a spreadsheet.
 */
export type CsvGuard = 'free-text' | 'every-field';

/** Each column and where its value comes from: the label shown, over the one the service sent. */
const COLUMN_VALUES = {
  plan_id: ({ plan }) => plan.id,
  plan_name: ({ plan }) => plan.name,
  id: ({ proxy }) => proxy.id,
  label: ({ label }) => label,
  ip: ({ proxy }) => proxy.ip,
  port: ({ proxy }) => proxy.port,
  username: ({ proxy }) => proxy.username,
  password: ({ proxy }) => proxy.password,
  assigned_proxy_ipv4: ({ proxy }) => proxy.assigned_proxy_ipv4,
  assigned_proxy_ipv6: ({ proxy }) => proxy.assigned_proxy_ipv6,
  is_rotating: ({ proxy }) => proxy.is_rotating,
  rotate_interval: ({ proxy }) => proxy.rotate_interval,
  plan_ip_class: ({ proxy }) => proxy.plan_ip_class,
} as const satisfies Record<string, (entry: ExportedProxy) => CsvValue>;

export type CsvColumn = keyof typeof COLUMN_VALUES;
export const CSV_COLUMNS = Object.keys(COLUMN_VALUES) as readonly CsvColumn[];

/** Typed by people (a local label, a plan's name): the text a formula injection would ride on. */
const FREE_TEXT_COLUMNS: ReadonlySet<CsvColumn> = new Set(['plan_name', 'label']);

export function exportCsv(entries: readonly ExportedProxy[], guard: CsvGuard): string {
  // Decided once per column, not per field, and rows built by concatenation without a record or
  // an array per row: this runs for every proxy of large accounts (see export.bench.ts).
  const columns = CSV_COLUMNS.map((column) => ({
    value: COLUMN_VALUES[column] as (entry: ExportedProxy) => CsvValue,
    guardFormula: guard === 'every-field' || FREE_TEXT_COLUMNS.has(column),
  }));
  let text = `${CSV_COLUMNS.join(',')}\r\n`;
  for (const entry of entries) {
    let separator = '';
    for (const { value, guardFormula } of columns) {
      text += separator + csvField(value(entry), guardFormula);
      separator = ',';
    }
    text += '\r\n';
  }
  return text;
}
