import type { Page } from '@playwright/test';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxiesOf,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';

function favoritesSection(page: Page) {
  return page.getByRole('region', { name: 'Pinned & recent', exact: true });
}

/** Unfolds the section (folded by default, so it costs the list one line) and lists its titles. */
async function favoriteTitles(page: Page, kind: 'pinned' | 'recent'): Promise<string[]> {
  const section = favoritesSection(page);
  const toggle = section.getByRole('button', { expanded: false });
  if ((await toggle.count()) > 0) await toggle.click();
  return section.locator(`li[data-favorite="${kind}"] bdi`).allInnerTexts();
}

test.describe('pinned and recent proxies', () => {
  test('a proxy pinned from its controls heads the list, and is still pinned after a restart', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    // Nothing pinned or copied yet: no section at all.
    await expect(favoritesSection(page)).toHaveCount(0);

    const { proxy } = proxiesOf(api, 'demo').at(-1) ?? { proxy: undefined };
    if (!proxy) throw new Error('no proxy');
    const title = titleOf(proxy);
    const row = await openControls(await showProxy(page, proxy));
    const pin = row.getByRole('button', { name: `Pin ${title}`, exact: true });
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    await pin.click();
    // A toggle keeps its name; aria-pressed says whether it is on.
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    // Hidden while a search is active: the matches come first.
    await expect(favoritesSection(page)).toHaveCount(0);
    await searchBox(page).fill('');

    const section = favoritesSection(page);
    await expect(section.getByRole('button', { name: '1 pinned', exact: true })).toBeVisible();
    // Above the plans: the section comes before the first plan's heading.
    const sectionBox = await section.boundingBox();
    const firstPlan = await page.getByRole('heading', { level: 2 }).first().boundingBox();
    expect(sectionBox && firstPlan && sectionBox.y < firstPlan.y).toBe(true);
    expect(await favoriteTitles(page, 'pinned')).toEqual([title]);
    await section.getByRole('button', { name: `Copy ${title}`, exact: true }).click();
    await expect.poll(() => popup.harness.clipboard.text).toContain(proxy.ip);

    await popup.restart();
    await expectPlansShown(page, plans);
    await expect(favoritesSection(page).getByRole('button', { name: /^1 pinned/ })).toBeVisible();
    expect(await favoriteTitles(page, 'pinned')).toEqual([title]);
  });

  test('copying two proxies puts them in Recent, the last one first', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const [first, second] = proxiesOf(api, 'demo').map(({ proxy }) => proxy);
    if (!first || !second) throw new Error('too few proxies');
    for (const proxy of [first, second]) {
      const row = await showProxy(page, proxy);
      await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();
      await expect.poll(() => popup.harness.clipboard.text).toContain(proxy.username);
    }
    await searchBox(page).fill('');
    await expect(
      favoritesSection(page).getByRole('button', { name: '2 recent', exact: true }),
    ).toBeVisible();
    expect(await favoriteTitles(page, 'recent')).toEqual([titleOf(second), titleOf(first)]);
  });
});
