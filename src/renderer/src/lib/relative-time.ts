import { planExpiry } from '../../../shared/search/plan-expiry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** A duration in the largest unit a person reads at a glance: minutes, hours or days, rounded. */
function span(ms: number): string {
  if (ms < HOUR) return count(Math.max(1, Math.round(ms / MINUTE)), 'minute');
  if (ms < DAY) return count(Math.round(ms / HOUR), 'hour');
  return count(Math.round(ms / DAY), 'day');
}

/** "Updated just now" / "Updated 4 min ago" / "Updated 2 h ago"; null before the first load. */
export function updatedAgo(updatedAt: string | null, now: number): string | null {
  if (updatedAt === null) return null;
  const time = Date.parse(updatedAt);
  if (Number.isNaN(time)) return null;
  const age = Math.max(0, now - time);
  if (age < MINUTE) return 'Updated just now';
  if (age < HOUR) return `Updated ${Math.floor(age / MINUTE)} min ago`;
  return `Updated ${Math.floor(age / HOUR)} h ago`;
}

/** "expires in 3 days" / "expired 2 days ago" / "expiry unknown" when the service did not say. */
export function expiryPhrase(expireDate: string | null, now: number): string {
  const time = expireDate === null ? Number.NaN : Date.parse(expireDate);
  if (Number.isNaN(time)) return 'expiry unknown';
  const left = time - now;
  if (left >= 0) return left < MINUTE ? 'expires in under a minute' : `expires in ${span(left)}`;
  return -left < MINUTE ? 'expired just now' : `expired ${span(-left)} ago`;
}

export type PlanBadge = 'Blocked' | 'Expired' | 'Expires soon';

/**
 * The flags a plan shows next to its name, most serious first. "Expires soon" follows the alert
 * setting (`warnDays`), so the badge and the desktop notification agree.
 */
export function planBadges(
  plan: { readonly is_blocked: boolean; readonly expire_date: string | null },
  now: number,
  warnDays: number,
): PlanBadge[] {
  const badges: PlanBadge[] = [];
  if (plan.is_blocked) badges.push('Blocked');
  const expiry = planExpiry(plan.expire_date, now, warnDays);
  if (expiry === 'expired') badges.push('Expired');
  else if (expiry === 'expires-soon') badges.push('Expires soon');
  return badges;
}
