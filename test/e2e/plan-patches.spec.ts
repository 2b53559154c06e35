/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test, type Popup } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxyWhere,
  required,
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

test('a refresh from the Refresh button that changed one plan shows it, without a whole listing', async ({
  popup,
}) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const before = await listingsTaken(page);
  const plan = required(plans[1], 'a second plan');
  plan.name = 'Renamed at the provider';

  await page.getByRole('button', { name: 'Refresh', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: plan.name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  expect(await listingsTaken(page)).toBe(before);
});

/**
 * In the page, before the popup's scripts: `plans:changed` events are held while
 * `__heldPlansUpdates` is an array, and `__refreshAnswered` turns true once the popup has taken
 * the answer to a refresh (a task after it read it: its own steps after the read have run).
 */
function holdPlansUpdates(): void {
  const page = window as unknown as {
    __heldPlansUpdates: (() => void)[] | null;
    __refreshAnswered: boolean;
  };
  page.__heldPlansUpdates = null;
  page.__refreshAnswered = false;
  const nativeAdd = EventSource.prototype.addEventListener;
  function addEventListener(
    this: EventSource,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void {
    if (type !== 'plans:changed' || typeof listener !== 'function') {
      nativeAdd.call(this, type, listener, options);
      return;
    }
    const holding = (message: Event) => {
      const deliver = () => listener.call(this, message);
      if (page.__heldPlansUpdates) page.__heldPlansUpdates.push(deliver);
      else deliver();
    };
    nativeAdd.call(this, type, holding, options);
  }
  EventSource.prototype.addEventListener = addEventListener as EventSource['addEventListener'];
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await nativeFetch(input, init);
    if (String(input).endsWith(encodeURIComponent('plans:refresh'))) {
      const read = response.json.bind(response);
      response.json = async () => {
        const value: unknown = await read();
        setTimeout(() => (page.__refreshAnswered = true));
        return value;
      };
    }
    return response;
  };
}

test('the Refresh button stays busy until what the refresh found is on screen, though its answer comes first', async ({
  popup,
}) => {
  const { page, api } = popup;
  await page.addInitScript(holdPlansUpdates);
  await page.reload();
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const plan = required(plans[1], 'a second plan');
  const oldName = plan.name;
  plan.name = 'Renamed at the provider';
  const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
  await expect(refresh).toHaveAttribute('aria-busy', 'false');

  // The events cross behind the answer, as they may over the harness's two connections.
  await page.evaluate(() => {
    (window as unknown as { __heldPlansUpdates: unknown[] }).__heldPlansUpdates = [];
  });
  await refresh.click();
  await page.waitForFunction(
    () => (window as unknown as { __refreshAnswered: boolean }).__refreshAnswered,
  );
  await expect(refresh).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('heading', { level: 2, name: oldName, exact: true })).toBeVisible();

  await page.evaluate(() => {
    const page = window as unknown as { __heldPlansUpdates: (() => void)[] | null };
    const held = page.__heldPlansUpdates ?? [];
    page.__heldPlansUpdates = null;
    for (const deliver of held) deliver();
  });
  await expect(page.getByRole('heading', { level: 2, name: plan.name, exact: true })).toBeVisible();
  await expect(refresh).toHaveAttribute('aria-busy', 'false');
});
