/* Plain constants of exporting, no zod: the popup imports them to offer the choices. */

export const EXPORT_KINDS = ['lines', 'csv', 'json'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Said next to the export buttons and in the save dialog: the files are not encrypted. */
export const EXPORT_PASSWORD_WARNING =
  'The file will contain the proxies’ passwords in plain text. Keep it somewhere private.';
