/**
 * One CSV field: RFC 4180 quoting, and on request the spreadsheet formula guard. The guard is a
 * choice, not a default: it changes the value (a leading apostrophe), which is right for text a
 * person reads in a spreadsheet and wrong for a password a tool logs in with.
 */

export type CsvValue = string | number | boolean | null;

/**
 * First characters a spreadsheet may read as the start of a formula (OWASP, "CSV Injection"):
 * = + - @, and tab and carriage return, which some spreadsheets skip before looking for them.
 * Char codes, not a regular expression: this runs for every field of 10,000-proxy exports.
 */
const FORMULA_STARTS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

/** Would a spreadsheet run this text as a formula? */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_STARTS.has(text.charCodeAt(0));
}

/** The text a spreadsheet shows as typed: a leading apostrophe where it would start a formula. */
export function neutraliseFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180: quoted only where a comma, quote or line break would break the row, quotes doubled. */
export function quoteCsvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A value as a field; an unknown value (null) is an empty field. */
export function csvField(value: CsvValue, guardFormula: boolean): string {
  if (value === null) return '';
  if (typeof value === 'string') {
    return quoteCsvField(guardFormula ? neutraliseFormula(value) : value);
  }
  // A number or boolean never needs quotes; only a negative number starts like a formula.
  const text = String(value);
  return guardFormula ? neutraliseFormula(text) : text;
}
