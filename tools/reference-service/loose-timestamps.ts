// Timestamps the way loose servers write them. Every form names exactly the same instant as the
// stored value: a client that reads them correctly gets the store's instant back, to the millisecond.

export const TIMESTAMP_FORMS = [
  /** As stored: `2025-03-01T10:00:00Z`. */
  'spec',
  /** A space for the `T` and no zone, meaning UTC: `2025-03-01 10:00:00` (Python's str()). */
  'space-no-zone',
  /** Microseconds and an offset without a colon: `2025-03-01T10:00:00.000000+0000`. */
  'fraction-offset-0000',
  /** Local time east of UTC: `2025-03-01T12:00:00+02:00`. */
  'offset-east',
  /** Local time west of UTC, with a half hour: `2025-03-01T04:30:00-05:30`. */
  'offset-west',
  /** Milliseconds with `Z`: `2025-03-01T10:00:00.000Z` (JavaScript's toISOString()). */
  'fraction-z',
] as const;

export type TimestampForm = (typeof TIMESTAMP_FORMS)[number];

const MINUTE_MS = 60_000;

export function formatTimestamp(stored: string, form: TimestampForm): string {
  const instant = Date.parse(stored);
  // Not a date (a test may store anything): sent as stored, like the spec dialect would.
  if (form === 'spec' || Number.isNaN(instant)) return stored;
  switch (form) {
    case 'space-no-zone': {
      const { date, time, fraction } = wallClock(instant, 0);
      return `${date} ${time}${fraction}`;
    }
    case 'fraction-offset-0000': {
      const { date, time, millis } = wallClock(instant, 0);
      return `${date}T${time}.${millis}000+0000`;
    }
    case 'offset-east': {
      const { date, time, fraction } = wallClock(instant, 120);
      return `${date}T${time}${fraction}+02:00`;
    }
    case 'offset-west': {
      const { date, time, fraction } = wallClock(instant, -330);
      return `${date}T${time}${fraction}-05:30`;
    }
    case 'fraction-z': {
      const { date, time, millis } = wallClock(instant, 0);
      return `${date}T${time}.${millis}Z`;
    }
  }
}

/**
 * Date and time as a clock at that UTC offset shows them. `fraction` is empty for whole seconds
 * (the store's dates) and `.mmm` otherwise, so the forms without a fraction stay lossless too.
 */
function wallClock(instant: number, offsetMinutes: number) {
  const local = new Date(instant + offsetMinutes * MINUTE_MS).toISOString();
  const millis = local.slice(20, 23);
  return {
    date: local.slice(0, 10),
    time: local.slice(11, 19),
    millis,
    fraction: millis === '000' ? '' : `.${millis}`,
  };
}
