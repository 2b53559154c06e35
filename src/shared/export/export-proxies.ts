import type { Plan, Proxy } from '../api';
import { formatCredentials, type FormatOptions } from '../credentials/format-credentials';

/**
 * A plan's proxies (or a search result) as a file: one credential per line in any copy format,
 * CSV with every field and the local label, or JSON. Pure, so the app's save dialog and the
 * harness's download write the same bytes. The files hold passwords: callers say so.
 */

export type ExportFormat =
  { kind: 'lines'; credentials: FormatOptions } | { kind: 'csv' } | { kind: 'json' };

export interface ExportedProxy {
  plan: Pick<Plan, 'id' | 'name'>;
  proxy: Proxy;
  /** The label shown for the proxy: the local one, else the one the service sent. */
  label: string | null;
}

const CSV_COLUMNS = [
  'plan_id',
  'plan_name',
  'id',
  'label',
  'ip',
  'port',
  'username',
  'password',
  'assigned_proxy_ipv4',
  'assigned_proxy_ipv6',
  'is_rotating',
  'rotate_interval',
  'plan_ip_class',
] as const;

export function exportProxies(entries: readonly ExportedProxy[], format: ExportFormat): string {
  switch (format.kind) {
    case 'lines':
      return entries
        .map(({ proxy }) => `${formatCredentials(proxy, format.credentials)}\n`)
        .join('');
    case 'csv':
      return [CSV_COLUMNS.join(','), ...entries.map(csvRow)].map((row) => `${row}\r\n`).join('');
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

/** The file name a save dialog proposes: the plan's name made safe for every file system. */
export function exportFileName(planName: string, format: ExportFormat): string {
  const base =
    planName.replace(/[^\p{L}\p{N}._ -]+/gu, '-').replace(/^[.\s-]+|[.\s-]+$/g, '') || 'proxies';
  const extension = format.kind === 'lines' ? 'txt' : format.kind;
  return `${base.slice(0, 80)}.${extension}`;
}

function csvRow({ plan, proxy, label }: ExportedProxy): string {
  // The label shown, over the one the service sent (no rest copy of the proxy: this runs per row).
  const values: Record<(typeof CSV_COLUMNS)[number], CsvValue> = {
    plan_id: plan.id,
    plan_name: plan.name,
    ...proxy,
    label,
  };
  return CSV_COLUMNS.map((column) => csvField(values[column])).join(',');
}

/**
 * RFC 4180 quoting, plus a guard against spreadsheet formula injection: a text field starting
 * with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a label such as
 * `=HYPERLINK(...)` stays text when the file is opened in a spreadsheet.
 */
type CsvValue = string | number | boolean | null;

/** An unknown value (null) is an empty field. */
function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
