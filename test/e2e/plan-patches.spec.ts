/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test, type Popup } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxyWhere,
  showProxy,
  titleOf,
} from './support/popup-ui';

/** Whole listings the popup has taken since it loaded: the mark state/plans.svelte.ts sets. */
function listingsTaken(page: Page): Promise<number> {
  return page.evaluate(
    () => performance.getEntriesByName('proxy-tray:plans-received', 'mark').length,
  );
}

/** The popup showing the demo plans, and the switch of a proxy that does not rotate yet. */
async function notRotatingSwitch({ page, api }: Popup) {
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked && !e.proxy.is_rotating);
  const row = await showProxy(page, proxy);
  await openControls(row);
  const toggle = row.getByRole('switch', { name: `Rotation for ${titleOf(proxy)}`, exact: true });
  return { proxy, toggle };
}

test('a rotation toggle comes back as a patch of its row, not as the whole listing', async ({
  popup,
}) => {
  const { page, api } = popup;
  const { proxy, toggle } = await notRotatingSwitch(popup);
  const before = await listingsTaken(page);

  await toggle.click();

  await expect.poll(() => api.store.proxyState(proxy.id)?.is_rotating).toBe(true);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toBeEnabled();
  expect(await listingsTaken(page)).toBe(before);
});

test('a refresh in the background that changed one proxy shows it, without a whole listing', async ({
  popup,
}) => {
  const { page, api } = popup;
  const { proxy, toggle } = await notRotatingSwitch(popup);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const before = await listingsTaken(page);

  // Changed elsewhere (the provider's website), then found by a refresh the popup did not ask for.
  api.store.setRotation(proxy.id, true);
  await popup.harness.services.plans.refresh();

  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(await listingsTaken(page)).toBe(before);
});
