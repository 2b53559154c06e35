/// <reference lib="dom" />
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown, proxyWhere, required, showProxy } from './support/popup-ui';

/** U+202E RIGHT-TO-LEFT OVERRIDE: everything after it in its paragraph is drawn backwards. */
const RLO = '\u202E';

test('a direction control in a service string turns none of the app’s own words around', async ({
  page,
  api,
  launchHarness,
}) => {
  const demo = accountOf(api, 'demo');
  const blocked = required(
    demo.plans.find((plan) => plan.is_blocked),
    'a blocked demo plan',
  );
  blocked.name = `${RLO}Mobile DE`;
  const plan = required(
    demo.plans.find((candidate) => !candidate.is_blocked),
    'a plan that is not blocked',
  );
  plan.name = `Resi${RLO}dential`;
  const { proxy } = proxyWhere(api, 'demo', (e) => e.plan === plan);
  proxy.username = `${RLO}user-1`;
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);
  await expectPlansShown(page, demo.plans);

  // Each service string sits in an element of its own whose direction is isolated (<bdi>).
  const isolation = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => ({
        tag: element.tagName.toLowerCase(),
        unicodeBidi: getComputedStyle(element).unicodeBidi,
      }));
  const heading = page.getByRole('heading', { level: 2, name: plan.name, exact: true });
  await expect(heading).toBeVisible();
  expect(await isolation(`#${await heading.getAttribute('id')} bdi`)).toEqual({
    tag: 'bdi',
    unicodeBidi: 'isolate',
  });
  const row = await showProxy(page, proxy);
  await expect(row.locator('bdi.user')).toHaveText(proxy.username);
  expect(await row.locator('bdi.user').evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe(
    'isolate',
  );
  expect(await row.locator('bdi.title').evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe(
    'isolate',
  );

  // The status line and the desktop notification set the name into a sentence: without controls.
  const alerts = page.getByRole('region', { name: 'Status', exact: true });
  await alerts.getByRole('button', { expanded: false }).click();
  await expect(
    alerts.getByRole('list').getByRole('button', { name: 'Mobile DE is blocked' }),
  ).toBeVisible();
  await expect(alerts).not.toContainText(RLO);
  const notified = harness.notifications.find((alert) => alert.planId === blocked.id);
  expect(notified?.title).toBe('Mobile DE is blocked');
});
