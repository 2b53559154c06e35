/*
 * ISO 8601 timestamps as real services write them (a zone only after a time: `2025-03-01-05`
 * could be a zone or a typo, and is not read): `T` or a space between date and time,
 * fractional seconds of any length, `Z`, `±hh:mm`, `±hhmm` or `±hh`, or no zone at all (read as
 * UTC, which the spec names for its timestamps). A date alone is midnight UTC.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

const MINUTE_MS = 60_000;

/** The instant in the one form the app keeps (`2025-03-01T10:00:00Z`), or undefined. */
export function readTimestamp(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, , sign, offsetHours, offsetMinutes] =
    match;
  const parts = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  if (mo < 1 || mo > 12 || mi > 59 || s > 59) return undefined;
  const milliseconds = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  // Not Date.UTC, which reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, milliseconds);
  // A day that does not exist (31 April, day 0) or an hour past 23 rolls over into another day:
  // it is not read.
  if (date.getUTCDate() !== d) return undefined;
  const local = date.getTime();
  let offsetMs = 0;
  if (sign) {
    const hours = Number(offsetHours);
    // Stryker disable next-line StringLiteral: equivalent, Number('') is 0 as well
    const minutes = Number(offsetMinutes ?? '0');
    if (hours > 23 || minutes > 59) return undefined;
    offsetMs = (sign === '-' ? -1 : 1) * (hours * 60 + minutes) * MINUTE_MS;
  }
  const instant = local - offsetMs;
  // An offset can carry year 0000 or 9999 out of the four-digit form the app keeps.
  const utcYear = new Date(instant).getUTCFullYear();
  if (utcYear < 0 || utcYear > 9999) return undefined;
  return formatTimestamp(instant);
}

/** `2025-03-01T10:00:00Z`, with milliseconds only when there are some. */
export function formatTimestamp(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
