import { expect, test } from './support/popup-fixtures';
import { formatCalendarDate } from '../../src/shared/format/calendar-date';
import { accountOf, expectPlansShown, required } from './support/popup-ui';

const DAY = 24 * 60 * 60 * 1000;

test.describe('alerts', () => {
  test('the popup lists the expiring, expired and blocked plans; a click brings the plan into view and closes the list', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    const blocked = required(
      plans.find((plan) => plan.is_blocked),
      'a blocked demo plan',
    );
    const expiring = required(
      plans.find((plan) => {
        const left = Date.parse(plan.expire_date) - Date.now();
        return !plan.is_blocked && left > 0 && left <= 3 * DAY;
      }),
      'a demo plan expiring within 3 days',
    );
    const expired = required(
      plans.find((plan) => !plan.is_blocked && Date.parse(plan.expire_date) <= Date.now()),
      'a demo plan still listed after its expiry',
    );
    await expectPlansShown(page, plans);

    const alerts = page.getByRole('region', { name: 'Status', exact: true });
    const toggle = alerts.getByRole('button', { expanded: false });
    // One line, gravest first, with a count of the rest.
    await expect(toggle).toContainText(/ is blocked| expired on /);
    const rest = Number(/\+(\d+) more/.exec((await toggle.textContent()) ?? '')?.[1]);
    await toggle.click();
    await expect(alerts.getByRole('listitem')).toHaveCount(rest + 1);
    const list = alerts.getByRole('list');
    // The demo token may itself expire within the warning days: that alert is listed too; and a
    // loose service's listing adds its notice of what could not be read.
    const planAlerts = alerts
      .getByRole('listitem')
      .filter({ hasNotText: 'Your access token' })
      .filter({ hasNotText: 'could not be read' });
    await expect(planAlerts).toHaveCount(
      plans.filter(
        (plan) => plan.is_blocked || Date.parse(plan.expire_date) - Date.now() <= 3 * DAY,
      ).length,
    );
    await expect(
      list.getByRole('button', { name: new RegExp(`^${blocked.name} is blocked`) }),
    ).toBeVisible();
    await expect(
      list.getByRole('button', {
        name: new RegExp(`^${expiring.name} expires (today|tomorrow|in \\d days)`),
      }),
    ).toBeVisible();
    // Dates as the plan headers write them, not as ISO text.
    const expiredAlert = list.getByRole('button', {
      name: new RegExp(`^${expired.name} expired on `),
    });
    await expect(expiredAlert).toContainText(formatCalendarDate(expired.expire_date));
    await expect(alerts).not.toContainText(/\d{4}-\d{2}-\d{2}/);

    // The last plan first scrolls out of view, so the click has to bring it back.
    const last = required(plans.at(-1), 'a last plan');
    await page
      .getByRole('heading', { level: 2, name: last.name, exact: true })
      .scrollIntoViewIfNeeded();
    await list.getByRole('button', { name: new RegExp(`^${expiring.name} expires`) }).click();
    const heading = page.getByRole('heading', { level: 2, name: expiring.name, exact: true });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // The list has done its job: closed, it no longer covers the plan it opened.
    await expect(alerts.getByRole('button', { expanded: false })).toBeVisible();
    await expect(alerts.getByRole('listitem')).toHaveCount(0);
  });

  test('a desktop notification’s click opens the popup at its plan, even behind a search', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const notification = required(
      popup.harness.notifications.find((alert) => alert.kind === 'plan-blocked'),
      'a notification about the blocked plan',
    );
    const plan = required(
      plans.find((candidate) => candidate.id === notification.planId),
      'the notified plan',
    );
    await page
      .getByRole('searchbox', { name: 'Search proxies', exact: true })
      .fill('no such proxy');

    const response = await popup.harness.request('/__harness/notification-click', {
      method: 'POST',
      body: JSON.stringify({ key: notification.key }),
    });
    expect(response.status).toBe(204);
    const heading = page.getByRole('heading', { level: 2, name: plan.name, exact: true });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('searchbox', { name: 'Search proxies', exact: true })).toHaveValue(
      '',
    );
  });

  test('the warning days setting widens the list at once', async ({ popup }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const soonWithin = (days: number) =>
      plans.filter((plan) => {
        const left = Date.parse(plan.expire_date) - Date.now();
        return !plan.is_blocked && left > 0 && left <= days * DAY;
      }).length;
    expect(soonWithin(90)).toBeGreaterThan(soonWithin(3));

    await popup.show('settings');
    const field = page.getByRole('spinbutton', { name: 'Warn before expiry (days)', exact: true });
    await expect(field).toHaveValue('3');
    await field.fill('90');
    await field.press('Enter');
    await expect.poll(() => popup.harness.services.settings.get().alertWarningDays).toBe(90);
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    const alerts = page.getByRole('region', { name: 'Status', exact: true });
    await alerts.getByRole('button', { expanded: false }).click();
    await expect(alerts.getByRole('list').getByRole('button', { name: / expires / })).toHaveCount(
      soonWithin(90),
    );
  });
});
