/* Plain constants of exporting, no zod: the popup imports them to offer the choices. */

/**
 * `csv` writes credentials and addresses exactly (tools import them to log in); `csv-spreadsheet`
 * neutralises every value a spreadsheet could run as a formula, at the cost of changing them.
 */
export const EXPORT_KINDS = ['lines', 'csv', 'csv-spreadsheet', 'json'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * Each kind as the export menu and the save dialog name it. The two CSV names say what each does
 * to values, so that nobody opens the exact one in a spreadsheet, or imports the guarded one into
 * a tool, without being told.
 */
export const EXPORT_KIND_NAMES: Readonly<Record<ExportKind, string>> = {
  lines: 'Text, one proxy per line',
  csv: 'CSV, exact values (for importing into tools)',
  'csv-spreadsheet':
    "CSV for spreadsheets (formulas neutralised: values starting with = + - @ get a ')",
  json: 'JSON',
};

/** Said next to the export buttons and in the save dialog: the files are not encrypted. */
export const EXPORT_PASSWORD_WARNING =
  'The file will contain the proxies’ passwords in plain text. Keep it somewhere private.';
