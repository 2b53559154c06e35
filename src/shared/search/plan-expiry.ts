const DAY = 24 * 60 * 60_000;

/** Where a plan stands against its end date; null when it is far off or not known. */
export type PlanExpiry = 'expired' | 'expires-soon' | null;

/**
 * Expired, or ending within `warnDays` (the alert setting): what a plan's badge says and what
 * `is:expiring` finds, decided here once so the popup and the command line agree.
 */
export function planExpiry(expireDate: string | null, now: number, warnDays: number): PlanExpiry {
  if (expireDate === null) return null;
  const left = Date.parse(expireDate) - now;
  if (left < 0) return 'expired';
  if (left <= warnDays * DAY) return 'expires-soon';
  return null;
}
