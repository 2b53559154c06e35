/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  required,
  withoutAlerts,
} from './support/popup-ui';

/**
 * Proxy rows the user sees whole: inside the scrolled list's view and not under a plan's sticky
 * header (what the browser would hit at the row's top and bottom edges is the row itself).
 */
function rowsEntirelyVisible(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[role="listitem"][data-proxy-id]')];
    const scroller = rows[0]?.closest<HTMLElement>('[data-menu-bounds]');
    if (!scroller) return 0;
    const view = scroller.getBoundingClientRect();
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      if (box.top < view.top || box.bottom > view.bottom) return false;
      const x = box.left + 4;
      return [box.top + 1, box.bottom - 1].every((y) =>
        row.contains(document.elementFromPoint(x, y)),
      );
    }).length;
  });
}

test.describe('at 380 × 560 the list shows', () => {
  test('at least 7 whole rows under the status line, however much it has to say', async ({
    popup,
  }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    // A failed refresh on top of the demo's alerts (and, from a loose service, its notice).
    await api.close();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await expect(status).toContainText(/Offline — showing data from .+ \+\d+ more/);
    // One line: as tall as a row's first line and its padding, not a stack of banners.
    expect(await status.evaluate((line) => line.getBoundingClientRect().height)).toBeLessThan(36);
    expect(page.viewportSize()).toEqual({ width: 380, height: 560 });
    expect(await rowsEntirelyVisible(page)).toBeGreaterThanOrEqual(7);
  });

  test.describe('from a service that follows the spec', () => {
    // A loose provider's listing adds a notice of what it hid: itself something to say.
    test.use({ apiDialect: 'spec' });

    test('at least 9 whole rows with nothing to say', async ({ page, api, launchHarness }) => {
      const demo = accountOf(api, 'demo');
      withoutAlerts(demo.plans);
      const harness = await launchHarness({ signInAs: 'demo' });
      await page.goto(harness.url);
      await expectPlansShown(page, demo.plans);
      await expect(page.getByRole('region', { name: 'Status', exact: true })).toHaveCount(0);
      expect(page.viewportSize()).toEqual({ width: 380, height: 560 });
      expect(await rowsEntirelyVisible(page)).toBeGreaterThanOrEqual(9);
    });
  });
});

test('a plan’s header stays at the top while its rows scroll, with its name, badges and count', async ({
  popup,
}) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const first = plans[0];
  if (!first) throw new Error('The demo account has no plans');
  const heading = page.getByRole('heading', { level: 2, name: first.name, exact: true });
  // Scrolled by four rows: the plan's own rows are still in view under its header.
  await page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-menu-bounds]');
    if (scroller) scroller.scrollTop = 4 * 42;
  });
  await expect(heading).toBeInViewport();
  const [headingBox, scrollerBox] = await Promise.all([
    heading.boundingBox(),
    page.locator('[data-menu-bounds]').boundingBox(),
  ]);
  expect(headingBox?.y).toBeGreaterThanOrEqual(scrollerBox?.y ?? Number.NaN);
  expect(headingBox?.y).toBeLessThan((scrollerBox?.y ?? 0) + 20);
  await expect(heading).toHaveAttribute('title', first.name);
});

test('a row’s controls open under it, and above it on the last rows in view: whole either way', async ({
  popup,
}) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const scroller = required(await page.locator('[data-menu-bounds]').boundingBox(), 'the list');
  const rows = page.locator('[role="listitem"][data-proxy-id]');
  const ids = await rows.evaluateAll((all, bottom) => {
    const whole = all.filter((row) => row.getBoundingClientRect().bottom <= bottom);
    return [whole[0], whole.at(-1)].map((row) => row?.getAttribute('data-proxy-id'));
  }, scroller.y + scroller.height);

  for (const [id, side] of [
    [ids[0], 'below'],
    [ids[1], 'above'],
  ] as const) {
    const row = page.locator(`[data-proxy-id="${required(id, `a row ${side}`)}"]`);
    await openControls(row);
    const rowBox = required(await row.boundingBox(), 'the row');
    const panel = required(
      await row.getByRole('group', { name: /^Settings of / }).boundingBox(),
      'its controls',
    );
    if (side === 'below') expect(panel.y).toBeGreaterThanOrEqual(rowBox.y + rowBox.height - 1);
    else expect(panel.y + panel.height).toBeLessThanOrEqual(rowBox.y + 1);
    expect(panel.y).toBeGreaterThanOrEqual(scroller.y);
    expect(panel.y + panel.height).toBeLessThanOrEqual(scroller.y + scroller.height);
    await page.keyboard.press('Escape');
  }
});

test('rows of a gateway plan (one host:port, told apart by username) each have a name of their own', async ({
  page,
  api,
  launchHarness,
}) => {
  const demo = accountOf(api, 'demo');
  const plan = demo.plans.find((candidate) => !candidate.is_blocked);
  if (!plan) throw new Error('No open demo plan');
  for (const proxy of plan.proxies) {
    proxy.ip = 'gate.example.com';
    proxy.port = 8000;
  }
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);
  await expectPlansShown(page, demo.plans);
  await page.getByRole('searchbox', { name: 'Search proxies', exact: true }).fill(plan.name);
  const list = page.getByRole('list', { name: `Proxies of ${plan.name}`, exact: true });
  const names = await list
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThan(1);
  expect(new Set(names).size).toBe(names.length);
  for (const proxy of plan.proxies.slice(0, names.length)) {
    expect(names).toContain(`${proxy.username} @ gate.example.com:8000`);
  }
});
