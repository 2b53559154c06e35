import type { Locator, Page } from '@playwright/test';
import { DEFAULT_TIMEOUT_MS } from '../../src/main/api/proxy-service-client';
import { expect, test } from './support/popup-fixtures';
import {
  ZOOM_200,
  expectNoHorizontalScroll,
  expectReachable,
  expectShownWhole,
} from './support/layout-checks';
import { SIGNED_IN_STATES, checkSummary } from './support/popup-states';
import {
  accountOf,
  expectPlansShown,
  planRegion,
  required,
  resultCount,
  searchBox,
} from './support/popup-ui';

// The popup at 200 % page zoom: everything lays out again in 190 × 280 CSS px, nothing is cut
// off, every control can be reached and opens what it should.
test.use(ZOOM_200);

async function plansShown(page: Page, api: Parameters<typeof accountOf>[0]): Promise<void> {
  await expectPlansShown(page, accountOf(api, 'demo').plans);
}

function firstRow(page: Page): Locator {
  return page.locator('[role="listitem"][data-proxy-id]').first();
}

/** Its box and another's share no pixel. */
async function expectApart(one: Locator, other: Locator): Promise<void> {
  const a = required(await one.boundingBox(), 'the first box');
  const b = required(await other.boundingBox(), 'the second box');
  const apart =
    a.y + a.height <= b.y + 0.5 ||
    b.y + b.height <= a.y + 0.5 ||
    a.x + a.width <= b.x + 0.5 ||
    b.x + b.width <= a.x + 0.5;
  expect(apart, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(true);
}

test('every main control is inside the window and opens what it should', async ({ popup }) => {
  const { page, api } = popup;
  await plansShown(page, api);
  await expectNoHorizontalScroll(page);

  await expectReachable(searchBox(page));
  await searchBox(page).click();
  await expect(searchBox(page)).toBeFocused();

  const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
  await expectReachable(refresh);
  await refresh.click();
  await expect(refresh).not.toHaveAttribute('aria-busy', 'true');

  const row = firstRow(page);
  const copy = row.getByRole('button', { name: /^Copy / }).first();
  await expectReachable(copy);
  await copy.click();
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: /copied/i })
      .first(),
  ).toBeVisible();

  const menus: [Locator, Locator][] = [
    [
      row.getByRole('button', { name: /^Copy formats for / }),
      page.getByRole('menu', { name: 'Copy formats' }),
    ],
    [
      row.getByRole('button', { name: /^More for / }),
      page.getByRole('group', { name: /^Settings of / }),
    ],
    [
      page.getByRole('button', { name: /^Actions for / }).first(),
      page.getByRole('menu', { name: /^Actions for / }),
    ],
    [
      page.getByRole('button', { name: 'Account menu', exact: true }),
      page.getByRole('menu', { name: 'Account', exact: true }),
    ],
  ];
  for (const [trigger, opened] of menus) {
    await expectReachable(trigger);
    await trigger.click();
    await expect(opened).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');
    await expect(opened).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  const settings = page.getByRole('menuitem', { name: 'Settings', exact: true });
  await expectReachable(settings);
  await settings.click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('rows lay out again on three lines: title, buttons, user; none scrolls sideways', async ({
  popup,
}) => {
  const { page, api } = popup;
  await plansShown(page, api);
  const row = firstRow(page);
  const title = required(await row.locator('.title').boundingBox(), 'the title');
  const copy = required(
    await row
      .getByRole('button', { name: /^Copy / })
      .first()
      .boundingBox(),
    'Copy',
  );
  expect(copy.y).toBeGreaterThanOrEqual(title.y + title.height - 0.5);
  await expectShownWhole(row.locator('.title'));
  // The next row starts where this one's taller box ends: the virtual list follows the height.
  const rows = page.locator('[role="listitem"][data-proxy-id]');
  await expectApart(rows.nth(0), rows.nth(1));
  await expectNoHorizontalScroll(page);
});

test('an open local port lists its address and buttons without scrolling sideways', async ({
  popup,
}) => {
  const { page, api } = popup;
  await plansShown(page, api);
  const reach = required(SIGNED_IN_STATES['local-ports'], 'the local ports state');
  await reach(page, api);
  const section = page.getByRole('region', { name: 'Local ports', exact: true });
  for (const name of [/^Copy http:\/\//, /^Copy socks5:\/\//, /^Stop 127\.0\.0\.1:/]) {
    await expectReachable(section.getByRole('button', { name }));
  }
  await expectShownWhole(section.locator('.address'));
  await expectNoHorizontalScroll(page);
});

test('counts, dates and times are shown whole', async ({ popup }) => {
  const { page, api } = popup;
  await plansShown(page, api);
  await expectShownWhole(resultCount(page));
  await expectShownWhole(page.getByText(/^Updated /));
  const plans = accountOf(api, 'demo').plans;
  const dated = required(
    plans.find((plan) => plan.expire_date !== null),
    'a plan with an end date',
  );
  await expectShownWhole(
    page.getByRole('region', { name: dated.name, exact: true }).locator('time').first(),
  );
  await searchBox(page).fill('demo');
  await expectShownWhole(resultCount(page));
});

test('a long menu fits whole or scrolls inside, and never covers its row', async ({ popup }) => {
  const { page, api } = popup;
  await plansShown(page, api);
  const row = firstRow(page);
  await row.getByRole('button', { name: /^Copy formats for / }).click();
  const menu = page.getByRole('menu', { name: 'Copy formats' });
  await expect(menu).toBeInViewport({ ratio: 1 });
  await expectApart(menu, row);
  // Its last section (the host to copy) is reached by scrolling inside the menu.
  const lastItem = menu.locator('[role^="menuitem"]').last();
  await lastItem.scrollIntoViewIfNeeded();
  await expect(lastItem).toBeInViewport({ ratio: 1 });
  await expect(menu).toBeInViewport({ ratio: 1 });
  await expectApart(menu, row);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /^More for / }).click();
  const controls = page.getByRole('group', { name: /^Settings of / });
  await expect(controls).toBeInViewport({ ratio: 1 });
  await expectApart(controls, row);
  const last = controls.getByRole('button').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
});

test('a service that hangs is reported with the wait it was given, whole, not as offline', async ({
  popup,
}) => {
  test.setTimeout(DEFAULT_TIMEOUT_MS * 3);
  const { page, api } = popup;
  await plansShown(page, api);
  api.faults.add({ path: '/users/plans', hang: true, times: 10 });
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const seconds = DEFAULT_TIMEOUT_MS / 1000;
  const status = page
    .getByRole('region', { name: 'Status', exact: true })
    .getByText(new RegExp(`did not answer in ${seconds} s`));
  await expect(status).toBeVisible({ timeout: DEFAULT_TIMEOUT_MS * 2 });
  await expect(page.getByText(/Offline/)).toHaveCount(0);
  await expectShownWhole(status);
  await expect(status).toContainText(/Showing data from/);
});

test('a plan’s name beside a badge is shown whole, on two lines at most', async ({ popup }) => {
  const { page, api } = popup;
  await plansShown(page, api);
  const plan = required(
    accountOf(api, 'demo').plans.find((entry) => entry.is_blocked),
    'a blocked plan',
  );
  // 24 characters: a dozen more than the narrow header's first line holds.
  plan.name = 'Residential Germany West';
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const region = planRegion(page, plan.name);
  const name = region.getByRole('heading', { level: 2, name: plan.name, exact: true });
  await expect(name).toBeVisible();
  await expect(region.getByText('Blocked', { exact: true })).toBeVisible();
  await expectShownWhole(name);
  const cut = await name.evaluate(
    (node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight,
  );
  expect(cut).toBe(false);
  const lines = await name.evaluate(
    (node) => node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight),
  );
  expect(lines).toBe(2);
  await expectNoHorizontalScroll(page);
});

test('a check’s summary, folded beside the filters and unfolded, is inside the window whole', async ({
  popup,
}) => {
  const { page, api } = popup;
  await checkSummary(page, api);
  const chip = page.getByRole('button', { name: 'Check: Not checked', exact: true });
  await expectReachable(chip);
  await expectReachable(
    page.getByRole('button', { name: 'Dismiss the check summary', exact: true }),
  );
  await expectNoHorizontalScroll(page);
  await chip.click();
  const summary = page.getByRole('status').filter({ hasText: 'IP echo service' });
  await expect(summary).toBeVisible();
  await expectShownWhole(summary);
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalScroll(page);
});
