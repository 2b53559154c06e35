import { describe, expect, it } from 'vitest';
import { decideAlerts, type AlertInput } from '../../../src/main/alerts/alert-decisions';
import type { Plan } from '../../../src/shared/api';
import { formatCalendarDate } from '../../../src/shared/format/calendar-date';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function plan(id: number, overrides: Partial<Plan> = {}): Plan {
  return {
    id,
    name: `Plan ${id}`,
    creation_date: '2026-01-01T00:00:00Z',
    expire_date: new Date(NOW.getTime() + 30 * DAY).toISOString(),
    is_blocked: false,
    proxy_limit: 5,
    proxies: [],
    ...overrides,
  };
}

const expiringIn = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

function decide(overrides: Partial<AlertInput> = {}) {
  return decideAlerts({
    accountId: 'acct',
    plans: [],
    now: NOW,
    warnDays: 3,
    alreadyNotified: new Set(),
    ...overrides,
  });
}

describe('decideAlerts', () => {
  it('announces a plan expiring within the warning days, and not one further out', () => {
    const { notify, attentionCount } = decide({
      plans: [
        plan(1, { expire_date: expiringIn(2.5) }),
        plan(2, { expire_date: expiringIn(3.5) }),
        plan(3, { expire_date: expiringIn(-1) }),
        plan(4, { expire_date: expiringIn(0.2), name: 'Mobile DE' }),
      ],
    });
    expect(
      notify
        .filter((alert) => alert.kind === 'plan-expiring')
        .map((alert) => [alert.planId, alert.title]),
    ).toEqual([
      [1, 'Plan 1 expires in 2 days'],
      [4, 'Mobile DE expires today'],
    ]);
    expect(notify.map((alert) => alert.planId)).not.toContain(2);
    // Plan 3 ended yesterday: an alert of its own (below), and on the badge too.
    expect(attentionCount).toBe(3);
  });

  it('announces a plan still listed after its expiry, with the day it ended', () => {
    const ended = expiringIn(-40);
    const { notify, current, attentionCount } = decide({
      plans: [{ ...plan(3, { name: 'Residential US', expire_date: ended }), proxies: [{}, {}] }],
    });
    expect(notify).toEqual([
      {
        key: 'plan-expired:acct:3:2026-11-21',
        kind: 'plan-expired',
        planId: 3,
        title: `Residential US expired on ${formatCalendarDate(ended)}`,
        body: 'Its 2 proxies no longer work. Renew it with your provider.',
      },
    ]);
    expect(current).toEqual(notify);
    expect(attentionCount).toBe(1);
  });

  it('drops direction controls from plan names: notifications show them as plain text', () => {
    const { notify } = decide({
      plans: [
        plan(1, { name: 'Resi\u202Edential', is_blocked: true }),
        plan(2, { name: '\u2067Mobile\u2069', expire_date: expiringIn(1.5) }),
      ],
    });
    expect(notify.map((alert) => alert.title)).toEqual([
      'Residential is blocked',
      'Mobile expires tomorrow',
    ]);
  });

  it('writes dates as the popup does, never as ISO text', () => {
    const [alert] = decide({ plans: [plan(1, { expire_date: '2026-11-23T18:00:00Z' })] }).notify;
    expect(alert?.body).toBe(
      `On ${formatCalendarDate('2026-11-23T18:00:00Z')}. Renew it to keep its 0 proxies.`,
    );
    expect(alert?.body).not.toContain('2026-11-23');
  });

  it('announces a blocked plan, whatever its expiry', () => {
    const { notify } = decide({
      plans: [plan(7, { is_blocked: true, expire_date: expiringIn(1) })],
    });
    expect(notify).toEqual([
      expect.objectContaining({
        kind: 'plan-blocked',
        planId: 7,
        key: 'plan-blocked:acct:7:2026-11-21',
      }),
    ]);
  });

  it('never repeats an alert on the same day, and repeats it the next day', () => {
    const plans = [plan(1, { expire_date: expiringIn(2) })];
    const first = decide({ plans });
    const again = decide({
      plans,
      alreadyNotified: new Set(first.notify.map((alert) => alert.key)),
    });
    expect(again.notify).toEqual([]);
    expect(again.attentionCount).toBe(1);
    const tomorrow = decide({
      plans,
      now: new Date(NOW.getTime() + DAY),
      alreadyNotified: new Set(first.notify.map((alert) => alert.key)),
    });
    expect(tomorrow.notify.map((alert) => alert.title)).toEqual(['Plan 1 expires tomorrow']);
  });

  it('keeps accounts apart', () => {
    const plans = [plan(1, { is_blocked: true })];
    const first = decide({ plans });
    const other = decide({
      plans,
      accountId: 'other',
      alreadyNotified: new Set(first.notify.map((a) => a.key)),
    });
    expect(other.notify).toHaveLength(1);
  });

  it('announces a token expiring within the warning days, without counting it on the badge', () => {
    const { notify, attentionCount } = decide({
      tokenExpiresAt: new Date(NOW.getTime() + 1.5 * DAY),
    });
    expect(notify).toEqual([
      expect.objectContaining({
        kind: 'token-expiring',
        title: 'Your access token expires tomorrow',
      }),
    ]);
    expect(notify[0]?.planId).toBeUndefined();
    expect(attentionCount).toBe(0);
    expect(decide({ tokenExpiresAt: new Date(NOW.getTime() + 10 * DAY) }).notify).toEqual([]);
  });

  it('uses the warning days setting', () => {
    const plans = [plan(1, { expire_date: expiringIn(6) })];
    expect(decide({ plans }).notify).toEqual([]);
    expect(decide({ plans, warnDays: 7 }).notify).toHaveLength(1);
  });
});
