import { MAX_ROTATE_INTERVAL_SECONDS } from '../../../shared/api/limits';

/** The rotation intervals offered in each row's picker; anything else is entered as "Custom…". */
export const INTERVAL_PRESETS: readonly { readonly seconds: number; readonly label: string }[] = [
  { seconds: 60, label: '1 min' },
  { seconds: 300, label: '5 min' },
  { seconds: 600, label: '10 min' },
  { seconds: 1800, label: '30 min' },
  { seconds: 3600, label: '1 h' },
];

/** The picker's value for the "Custom…" option (interval values are their seconds as text). */
export const CUSTOM_INTERVAL = 'custom';
/** The picker's value while the service has not said the interval. */
export const UNKNOWN_INTERVAL = 'unknown';

export function isPresetInterval(seconds: number): boolean {
  return INTERVAL_PRESETS.some((preset) => preset.seconds === seconds);
}

/** Units from the largest down, with every spelling a person may type for each. */
const UNITS: readonly {
  readonly seconds: number;
  readonly short: string;
  readonly names: RegExp;
}[] = [
  { seconds: 86_400, short: 'd', names: /^(d|days?)$/ },
  { seconds: 3_600, short: 'h', names: /^(h|hrs?|hours?)$/ },
  { seconds: 60, short: 'min', names: /^(m|mins?|minutes?)$/ },
  { seconds: 1, short: 's', names: /^(s|secs?|seconds?)$/ },
];

/**
 * An interval in the largest unit that holds it exactly: "90 s", "5 min", "2 h", "90 min",
 * "1 d". Exact, so that what is shown is what the service has, never a rounded value.
 */
export function formatInterval(seconds: number): string {
  const unit = UNITS.find((candidate) => seconds % candidate.seconds === 0) ?? UNITS.at(-1);
  return unit ? `${seconds / unit.seconds} ${unit.short}` : `${seconds} s`;
}

export type IntervalInput = { ok: true; seconds: number } | { ok: false; message: string };

const INTERVAL_RULE =
  'Enter an interval from 1 s to 365 d: a whole number with a unit, such as 90 s, 5 min or 2 h (no unit means seconds).';

/**
 * A custom interval as typed ("90", "90 s", "5 min", "2h", "1 day"), checked against the service's
 * bounds before anything is sent.
 */
export function parseInterval(text: string): IntervalInput {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const unit = match?.[2]
    ? UNITS.find((candidate) => candidate.names.test(match[2]?.toLowerCase() ?? ''))
    : UNITS.at(-1);
  if (!match || !unit) return { ok: false, message: INTERVAL_RULE };
  const seconds = Number(match[1]) * unit.seconds;
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_ROTATE_INTERVAL_SECONDS) {
    return { ok: false, message: INTERVAL_RULE };
  }
  return { ok: true, seconds };
}
