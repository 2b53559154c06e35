import { describe, expect, it } from 'vitest';
import type { Alert, AlertPlan } from '../../../src/main/alerts/alert-decisions';
import { AlertService } from '../../../src/main/alerts/alert-service';
import { openNotifiedAlerts } from '../../../src/main/alerts/notified-alerts';
import { confIn, useTempDir } from '../store/temp-store-dir';

const dir = useTempDir();
const DAY = 24 * 60 * 60 * 1000;

function setUp(now: () => Date) {
  const shown: Alert[] = [];
  const service = new AlertService({
    notified: openNotifiedAlerts({ createStore: confIn(dir()), now }),
    notify: (alert) => shown.push(alert),
    warnDays: () => 3,
    now,
  });
  return { service, shown };
}

const plans = (now: Date): AlertPlan[] => [
  {
    id: 1,
    name: 'Residential US',
    expire_date: new Date(now.getTime() + DAY).toISOString(),
    is_blocked: false,
    proxies: [{}, {}],
  },
  {
    id: 2,
    name: 'Mobile DE',
    expire_date: new Date(now.getTime() + 90 * DAY).toISOString(),
    is_blocked: true,
    proxies: [],
  },
  {
    id: 3,
    name: 'Datacenter',
    expire_date: new Date(now.getTime() + 90 * DAY).toISOString(),
    is_blocked: false,
    proxies: [],
  },
];

describe('AlertService', () => {
  it('shows each alert once, across refreshes and across a restart, and counts plans for the badge', () => {
    let now = new Date('2026-11-21T09:00:00Z');
    const first = setUp(() => now);
    first.service.review('acct', plans(now));
    expect(first.shown.map((alert) => alert.kind)).toEqual(['plan-expiring', 'plan-blocked']);
    expect(first.service.attentionCount).toBe(2);

    first.service.review('acct', plans(now));
    expect(first.shown).toHaveLength(2);

    const restarted = setUp(() => now);
    restarted.service.review('acct', plans(now));
    expect(restarted.shown).toEqual([]);
    expect(restarted.service.attentionCount).toBe(2);

    now = new Date(now.getTime() + DAY);
    restarted.service.review('acct', plans(now));
    expect(restarted.shown.map((alert) => alert.planId)).toEqual([1, 2]);
  });

  it('forgets alerts older than a week, and starts empty from an unreadable file', async () => {
    const { writeFile, readFile } = await import('node:fs/promises');
    await writeFile(`${dir()}/alerts.json`, '{"notified": [1, 2');
    let now = new Date('2026-11-01T09:00:00Z');
    const { service, shown } = setUp(() => now);
    service.review('acct', plans(now));
    expect(shown).toHaveLength(2);
    now = new Date('2026-11-21T09:00:00Z');
    service.review('acct', plans(now));
    const stored = JSON.parse(await readFile(`${dir()}/alerts.json`, 'utf8')) as {
      notified: string[];
    };
    expect(stored.notified.every((key) => key.endsWith('2026-11-21'))).toBe(true);
  });

  it('lists every alert that holds now, tells listeners only when the list changes, and clears', () => {
    const now = new Date('2026-11-21T09:00:00Z');
    const { service, shown } = setUp(() => now);
    const heard: string[][] = [];
    service.onChange((current) => heard.push(current.map((alert) => alert.kind)));

    service.review('acct', plans(now));
    service.review('acct', plans(now));
    expect(shown).toHaveLength(2);
    // Notified once, but still listed: the popup shows what holds, not what is new.
    expect(service.current().map((alert) => alert.planId)).toEqual([1, 2]);
    expect(heard).toEqual([['plan-expiring', 'plan-blocked']]);

    const renewed = plans(now).map((plan) =>
      plan.id === 1 ? { ...plan, expire_date: '2027-11-21T09:00:00Z' } : plan,
    );
    service.review('acct', renewed);
    expect(heard.at(-1)).toEqual(['plan-blocked']);
    expect(service.attentionCount).toBe(1);

    service.clear();
    expect(service.current()).toEqual([]);
    expect(service.attentionCount).toBe(0);
    expect(heard.at(-1)).toEqual([]);
  });
});
