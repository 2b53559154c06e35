import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  gatewayTitleOf,
  openControls,
  proxyWhere,
  required,
  searchBox,
  showProxy,
} from './support/popup-ui';
import { regExpText } from '../support/regexp-text';

// Every plan of the demo account is a provider's gateway: one host:port, one username per proxy.
test.use({ apiAccounts: [{ username: 'demo', plans: 6, proxiesPerPlan: 8, gatewayPlans: 6 }] });

/** How far the element's text runs past its box: 0 or less when none of it is cut off. */
function overflowOf(element: Locator): Promise<number> {
  return element.evaluate((node) => node.scrollWidth - node.clientWidth);
}

function favoritesSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Pinned & recent', exact: true });
}

test('a gateway’s proxies are named username @ host:port in rows, toasts, Pinned, Recent and Local ports', async ({
  popup,
}) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const { proxy, plan } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
  const name = gatewayTitleOf(proxy);
  expect(name).toBe(`${proxy.username} @ ${proxy.ip}:${proxy.port}`);

  // Rows: each its own name, its username shown whole under it.
  await searchBox(page).fill(`"${plan.name}"`);
  const list = page.getByRole('list', { name: `Proxies of ${plan.name}`, exact: true });
  const names = await list
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual(plan.proxies.slice(0, names.length).map(gatewayTitleOf));
  const row = await showProxy(page, proxy);
  const username = row.locator('bdi.user');
  await expect(username).toHaveText(proxy.username);
  expect(await overflowOf(username)).toBeLessThanOrEqual(0);

  // The copy toast names it the same way.
  await row.getByRole('button', { name: `Copy ${name}`, exact: true }).click();
  await expect(
    page.getByText(new RegExp(`^ip:port:username:password of ${regExpText(name)} copied`)),
  ).toBeVisible();

  // Pinned from its controls (the menus name it too), then Pinned & recent lists it by that name.
  await openControls(row);
  await row.getByRole('button', { name: `Pin ${name}`, exact: true }).click();
  await searchBox(page).fill('');
  const section = favoritesSection(page);
  await section.getByRole('button', { expanded: false }).click();
  await expect(section.locator('li[data-favorite="pinned"] bdi')).toHaveText([name]);
  await expect(section.getByRole('button', { name: `Copy ${name}`, exact: true })).toHaveCount(1);
  // Unpinned, it is still among the recent copies, by the same name.
  const again = await openControls(await showProxy(page, proxy));
  await again.getByRole('button', { name: `Pin ${name}`, exact: true }).click();
  await searchBox(page).fill('');
  await expect(section.locator('li[data-favorite="recent"] bdi')).toHaveText([name]);

  // Local ports: the port's line names the proxy in full, wrapped rather than cut.
  const controls = await openControls(await showProxy(page, proxy));
  await controls
    .getByRole('button', { name: `Open a local port for ${name}`, exact: true })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /local port .* copied/ })).toBeVisible();
  await searchBox(page).fill('');
  const ports = page.getByRole('region', { name: 'Local ports', exact: true });
  await ports.getByRole('button', { name: /^1 local port/ }).click();
  const entry = ports.getByRole('listitem');
  await expect(entry).toHaveAttribute('aria-label', new RegExp(` for ${regExpText(name)}$`));
  const title = entry.locator('bdi.title');
  await expect(title).toHaveText(name);
  expect(await overflowOf(title)).toBeLessThanOrEqual(0);
  const box = required(await title.boundingBox(), 'the local port’s name');
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});
