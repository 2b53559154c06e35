import { describe, expect, it } from 'vitest';
import type { AlertView } from '../../../src/shared/views/alert-view';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { startSignedIn, useMainProcess, valueOf } from '../ipc/main-services-fixture';

const server = useApiServer();
const main = useMainProcess();
const DAY = 24 * 60 * 60 * 1000;

const kinds = (list: readonly AlertView[]) => list.map((alert) => `${alert.kind}:${alert.planId}`);

describe('alerts over IPC', () => {
  it('lists what holds now, follows the warning-days setting, and clears on sign-out', async () => {
    const app = await startSignedIn(main, server());
    const plans = server().store.account('demo')?.plans ?? [];
    const now = Date.now();
    const within = (days: number) =>
      plans.filter((plan) => {
        const left = Date.parse(plan.expire_date) - now;
        return !plan.is_blocked && left > 0 && left <= days * DAY;
      });
    const blocked = plans.filter((plan) => plan.is_blocked);
    const expired = plans.filter((plan) => !plan.is_blocked && Date.parse(plan.expire_date) <= now);
    expect(blocked.length).toBeGreaterThan(0);
    // The demo data must tell the settings apart: more plans end within 90 days than within 3.
    expect(within(90).length).toBeGreaterThan(within(3).length);

    const listed = valueOf(await app.call('alerts:list'));
    expect(kinds(listed).sort()).toEqual(
      [
        ...blocked.map((plan) => `plan-blocked:${plan.id}`),
        ...expired.map((plan) => `plan-expired:${plan.id}`),
        ...within(3).map((plan) => `plan-expiring:${plan.id}`),
      ].sort(),
    );
    const notifiedBefore = app.notifications.length;

    valueOf(await app.call('settings:update', { alertWarningDays: 90 }));
    const wider = valueOf(await app.call('alerts:list'));
    expect(wider.filter((alert) => alert.kind === 'plan-expiring')).toHaveLength(within(90).length);
    // Newly expiring plans are notified at once, the ones already told are not repeated.
    const newlyNotified = app.notifications.slice(notifiedBefore);
    expect(newlyNotified.filter((alert) => alert.kind === 'plan-expiring')).toHaveLength(
      within(90).length - within(3).length,
    );
    const lastAlertsEvent = app.events.findLast(({ event }) => event === 'alerts:changed');
    expect(lastAlertsEvent?.payload).toEqual(wider);
    // The token's own expiry is an alert, not a plan needing attention.
    expect(app.services.alerts.attentionCount).toBe(
      wider.filter((alert) => alert.kind !== 'token-expiring').length,
    );

    valueOf(await app.call('settings:update', { alertWarningDays: 0 }));
    expect(kinds(valueOf(await app.call('alerts:list'))).sort()).toEqual(
      [
        ...blocked.map((plan) => `plan-blocked:${plan.id}`),
        ...expired.map((plan) => `plan-expired:${plan.id}`),
      ].sort(),
    );

    valueOf(await app.call('session:sign-out', {}));
    expect(valueOf(await app.call('alerts:list'))).toEqual([]);
    expect(app.services.alerts.attentionCount).toBe(0);
  });

  it('lists the alerts of the account switched to at once, from its cached plans', async () => {
    const app = await startSignedIn(main, server());
    const demoAlerts = valueOf(await app.call('alerts:list'));
    expect(demoAlerts.length).toBeGreaterThan(0);
    const demoId = valueOf(await app.call('session:status')).accounts.find(
      (account) => account.active,
    )?.id;
    if (!demoId) throw new Error('No active account');
    valueOf(
      await app.call('session:sign-in', {
        serviceUrl: server().baseUrl,
        token: server().tokenFor('other'),
      }),
    );
    valueOf(await app.call('plans:refresh'));
    expect(kinds(valueOf(await app.call('alerts:list')))).not.toEqual(kinds(demoAlerts));

    // The service cannot be reached now: what is listed comes from the plans held in memory.
    server().faults.add({ path: '/users/plans', status: 503, times: 100 });
    valueOf(await app.call('session:switch-account', { accountId: demoId }));
    expect(valueOf(await app.call('alerts:list'))).toEqual(demoAlerts);
    const lastAlertsEvent = app.events.findLast(({ event }) => event === 'alerts:changed');
    expect(lastAlertsEvent?.payload).toEqual(demoAlerts);
    expect(app.services.alerts.attentionCount).toBe(
      demoAlerts.filter((alert) => alert.kind !== 'token-expiring').length,
    );
  });
});
