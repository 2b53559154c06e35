import type { Plan } from '../../shared/api';
import { formatCalendarDate } from '../../shared/format/calendar-date';
import { stripBidiControls } from '../../shared/text/bidi-controls';

/**
 * Which desktop notifications to show after a refresh: pure, so that it is tested with a fixed
 * clock. Each alert has a key naming its subject and its day; an alert whose key was already
 * notified is not shown again, so a refresh every five minutes never repeats one.
 */

export type AlertKind = 'plan-expiring' | 'plan-expired' | 'plan-blocked' | 'token-expiring';

export interface Alert {
  /** `<kind>:<account>:<subject>:<day>`: one notification per subject and event per day. */
  key: string;
  kind: AlertKind;
  /** The plan to open the popup at, when the alert is about one. */
  planId?: number;
  title: string;
  body: string;
}

/** What the decision reads of a plan: the popup's view of plans will do as well as the listing. */
export type AlertPlan = Pick<Plan, 'id' | 'name' | 'expire_date' | 'is_blocked'> & {
  proxies: readonly unknown[];
};

export interface AlertInput {
  accountId: string;
  plans: readonly AlertPlan[];
  /** The token's `exp`, when it has one. */
  tokenExpiresAt?: Date | undefined;
  now: Date;
  /** Plans and tokens ending within this many days are announced (a setting, default 3). */
  warnDays: number;
  /** Keys notified before (persisted, so a restart does not repeat them). */
  alreadyNotified: ReadonlySet<string>;
}

export interface AlertDecision {
  /** Every alert that holds now, shown before or not: the popup lists them. */
  current: Alert[];
  /** To show now. */
  notify: Alert[];
  /** Plans expiring soon, expired or blocked right now: the tray shows this count as a badge. */
  attentionCount: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function decideAlerts(input: AlertInput): AlertDecision {
  const day = input.now.toISOString().slice(0, 10);
  const horizon = input.now.getTime() + input.warnDays * DAY_MS;
  const current: Alert[] = [];
  for (const plan of input.plans) {
    // Set into a sentence that a notification shows as plain text: no direction controls.
    const name = stripBidiControls(plan.name);
    // A plan whose expiry could not be read raises no expiry alert: its header says "expiry unknown".
    const expiresAt = plan.expire_date === null ? Number.NaN : Date.parse(plan.expire_date);
    if (plan.is_blocked) {
      current.push({
        key: `plan-blocked:${input.accountId}:${plan.id}:${day}`,
        kind: 'plan-blocked',
        planId: plan.id,
        title: `${name} is blocked`,
        body: 'Its proxies cannot be changed. Contact your provider.',
      });
    } else if (expiresAt <= input.now.getTime()) {
      // Still listed after its end: its proxies have stopped working, which the user must hear of.
      current.push({
        key: `plan-expired:${input.accountId}:${plan.id}:${day}`,
        kind: 'plan-expired',
        planId: plan.id,
        title: `${name} expired on ${formatCalendarDate(plan.expire_date ?? '')}`,
        body: `Its ${proxyCount(plan)} no longer work. Renew it with your provider.`,
      });
    } else if (expiresAt <= horizon) {
      current.push({
        key: `plan-expiring:${input.accountId}:${plan.id}:${day}`,
        kind: 'plan-expiring',
        planId: plan.id,
        title: `${name} expires ${inDays(expiresAt - input.now.getTime())}`,
        body: `On ${formatCalendarDate(plan.expire_date ?? '')}. Renew it to keep its ${proxyCount(plan)}.`,
      });
    }
  }
  const tokenExpiry = input.tokenExpiresAt?.getTime();
  if (tokenExpiry !== undefined && tokenExpiry > input.now.getTime() && tokenExpiry <= horizon) {
    current.push({
      key: `token-expiring:${input.accountId}:token:${day}`,
      kind: 'token-expiring',
      title: `Your access token expires ${inDays(tokenExpiry - input.now.getTime())}`,
      body: 'Create a new token in your account settings and sign in with it.',
    });
  }
  return {
    current,
    notify: current.filter((alert) => !input.alreadyNotified.has(alert.key)),
    attentionCount: current.filter((alert) => alert.kind !== 'token-expiring').length,
  };
}

function proxyCount(plan: AlertPlan): string {
  return plan.proxies.length === 1 ? '1 proxy' : `${plan.proxies.length} proxies`;
}

function inDays(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}
