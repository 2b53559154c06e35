/// <reference lib="dom" />
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxyWhere,
  required,
  showProxy,
  titleOf,
} from './support/popup-ui';

const PAYLOAD = '<img src=x onerror="window.__xss=1">';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

test('strings from the service and from the user render as text, never as markup', async ({
  page,
  api,
  launchHarness,
}) => {
  // The service's own strings carry the payload before the popup ever sees them.
  const demo = accountOf(api, 'demo');
  demo.user.address = PAYLOAD;
  demo.user.name = PAYLOAD;
  const plan = required(
    demo.plans.find((candidate) => !candidate.is_blocked),
    'a plan that is not blocked',
  );
  plan.name = PAYLOAD;
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);
  await expectPlansShown(page, demo.plans);

  // And a label the user types.
  const { proxy } = proxyWhere(api, 'demo', (e) => e.plan === plan);
  const title = titleOf(proxy);
  const row = await showProxy(page, proxy);
  await openControls(row);
  await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
  const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });
  await field.fill(PAYLOAD);
  await field.press('Enter');
  await expect.poll(() => api.store.proxyState(proxy.id)?.label).toBe(PAYLOAD);

  // The literal text is on screen: the plan heading, the row title, the header's display name.
  await expect(page.getByRole('heading', { level: 2, name: PAYLOAD, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Copy ${PAYLOAD}`, exact: true })).toBeVisible();
  await expect(row.getByText(PAYLOAD, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`${PAYLOAD} ${demo.user.surname}`).first()).toBeVisible();
  // The account menu names accounts by display name too.
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await expect(
    page.getByRole('menuitemradio', { name: `${PAYLOAD} ${demo.user.surname}`, exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The address is fetched only through account:get; whatever the popup does with it, it must
  // stay text as well.
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
});
