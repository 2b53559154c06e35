import type { Plan } from '../../tools/reference-service/records';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  planRegion,
  proxiesOf,
  required,
  rowOf,
} from './support/popup-ui';

const DAY_MS = 24 * 60 * 60 * 1000;

function badgesOf(plan: Plan, now: number): string[] {
  const expiresAt = Date.parse(plan.expire_date);
  const badges: string[] = [];
  if (plan.is_blocked) badges.push('Blocked');
  if (expiresAt <= now) badges.push('Expired');
  else if (expiresAt - now <= 3 * DAY_MS) badges.push('Expires soon');
  return badges;
}

test('each plan shows its name, size, expiry (relative and exact) and its badges', async ({
  popup,
}) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const now = Date.now();
  // The reference service seeds one blocked, one expired and one nearly expired plan.
  const seen = new Set(plans.flatMap((plan) => badgesOf(plan, now)));
  expect([...seen].sort()).toEqual(['Blocked', 'Expired', 'Expires soon']);

  for (const plan of plans) {
    const region = planRegion(page, plan.name);
    await expect(
      region.getByRole('heading', { level: 2, name: plan.name, exact: true }),
    ).toBeVisible();
    await expect(region).toContainText(`${plan.proxies.length} / ${plan.proxy_limit} proxies`);
    const datetime = await region.locator('time').first().getAttribute('datetime');
    expect(Date.parse(required(datetime, 'a datetime'))).toBe(Date.parse(plan.expire_date));
    const expected = badgesOf(plan, now);
    for (const badge of ['Blocked', 'Expired', 'Expires soon']) {
      await expect(
        region.getByText(badge, { exact: true }),
        `${badge} on ${plan.name}`,
      ).toHaveCount(expected.includes(badge) ? 1 : 0);
    }
    const expiresAt = Date.parse(plan.expire_date);
    await expect(region).toContainText(expiresAt <= now ? /expired .+ ago/ : /expires in /);
  }
});

test('a plan collapses and expands', async ({ popup }) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  // The plan whose rows the popup shows first, whatever order it chose.
  const firstId = Number(
    await page.locator('[data-proxy-id]').first().getAttribute('data-proxy-id'),
  );
  const { plan } = required(
    proxiesOf(api, 'demo').find((entry) => entry.proxy.id === firstId),
    'the first row’s plan',
  );
  const region = planRegion(page, plan.name);

  await region.getByRole('button', { name: `Collapse ${plan.name}`, exact: true }).click();
  for (const proxy of plan.proxies) await expect(rowOf(page, proxy.id)).toHaveCount(0);
  await expect(
    region.getByRole('heading', { level: 2, name: plan.name, exact: true }),
  ).toBeVisible();

  await region.getByRole('button', { name: `Expand ${plan.name}`, exact: true }).click();
  await expect(rowOf(page, firstId)).toBeVisible();
});

test('while the first listing is on its way the popup says it is loading', async ({
  page,
  api,
  launchHarness,
}) => {
  api.faults.add({ method: 'GET', path: '/users/plans', latencyMs: 2_000 });
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);

  await expect(page.getByRole('status').filter({ hasText: 'Loading plans…' })).toBeVisible();
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await expect(page.getByRole('status').filter({ hasText: 'Loading plans…' })).toHaveCount(0);
});

test.describe('an account without plans', () => {
  test.use({ apiAccounts: [{ username: 'empty', plans: 0 }], signInAs: 'empty' });

  test('says so', async ({ popup }) => {
    await expect(popup.page.getByText('No plans on this account')).toBeVisible();
    await expect(popup.page.locator('[data-proxy-id]')).toHaveCount(0);
  });
});

test.describe('10,000 proxies', () => {
  test.use({
    apiAccounts: [{ username: 'big', plans: 100, proxiesPerPlan: 100 }],
    signInAs: 'big',
  });

  test('only the rows in view are in the DOM, and the last proxy is reached by scrolling', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const entries = proxiesOf(api, 'big');
    await expect(page.getByRole('status').filter({ hasText: /10,?000 proxies/ })).toBeVisible();
    await expect(page.locator('[data-proxy-id]').first()).toBeVisible();
    expect(await page.locator('[data-proxy-id]').count()).toBeLessThan(200);

    const last = required(entries.at(-1), 'the last proxy').proxy;
    await page.mouse.move(190, 400);
    await expect(async () => {
      await page.mouse.wheel(0, 200_000);
      await expect(rowOf(page, last.id)).toBeVisible({ timeout: 500 });
    }).toPass();
    expect(await page.locator('[data-proxy-id]').count()).toBeLessThan(200);
  });
});
