import { MAX_ROTATE_INTERVAL_SECONDS } from '../../../shared/api/limits';

/** The rotation intervals offered in each row's picker; anything else is entered as "Custom…". */
export const INTERVAL_PRESETS: readonly { readonly seconds: number; readonly label: string }[] = [
  { seconds: 60, label: '1 min' },
  { seconds: 300, label: '5 min' },
  { seconds: 600, label: '10 min' },
  { seconds: 1800, label: '30 min' },
  { seconds: 3600, label: '1 h' },
];

/** The picker's value for the "Custom…" option (preset values are their seconds as text). */
export const CUSTOM_INTERVAL = 'custom';
/** The picker's value while the service has not said the interval. */
export const UNKNOWN_INTERVAL = 'unknown';

export function isPresetInterval(seconds: number): boolean {
  return INTERVAL_PRESETS.some((preset) => preset.seconds === seconds);
}

/** What the picker shows for an interval: its preset, or "Custom…" for any other value. */
export function pickerValueOf(seconds: number): string {
  return isPresetInterval(seconds) ? String(seconds) : CUSTOM_INTERVAL;
}

export type IntervalInput = { ok: true; seconds: number } | { ok: false; message: string };

const INTERVAL_RULE = `Enter a whole number of seconds from 1 to ${MAX_ROTATE_INTERVAL_SECONDS} (one year).`;

/** Checks a custom interval as typed, with the service's bounds, before anything is sent. */
export function parseIntervalSeconds(text: string): IntervalInput {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: INTERVAL_RULE };
  const seconds = Number(trimmed);
  if (seconds < 1 || seconds > MAX_ROTATE_INTERVAL_SECONDS) {
    return { ok: false, message: INTERVAL_RULE };
  }
  return { ok: true, seconds };
}
