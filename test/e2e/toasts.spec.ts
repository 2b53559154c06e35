import type { Page } from '@playwright/test';
import type { Proxy } from '../../tools/reference-service/records';
import type { ApiServer } from '../../tools/reference-service/server';
import { NEWS_MS } from '../../src/renderer/src/lib/toast-queue';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxiesOf,
  showProxy,
  titleOf,
} from './support/popup-ui';

function notifications(page: Page) {
  return page.getByRole('log', { name: 'Notifications', exact: true });
}

/** Copies a proxy with its row's Copy button. */
async function copy(page: Page, proxy: Proxy): Promise<void> {
  const row = await showProxy(page, proxy);
  await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();
}

/** Open proxies of the demo account, each with a password that holds no ':'. */
function openProxies(api: ApiServer): Proxy[] {
  return proxiesOf(api, 'demo')
    .filter(({ plan, proxy }) => !plan.is_blocked && !proxy.password.includes(':'))
    .map(({ proxy }) => proxy);
}

/** The service refuses the next rotation change; the popup's toggle then fails with its reason. */
async function failRotation(page: Page, api: ApiServer, proxy: Proxy): Promise<void> {
  const row = await showProxy(page, proxy);
  await openControls(row);
  api.faults.add({
    method: 'PUT',
    path: '/proxies/update_rotation',
    status: 403,
    body: { detail: 'Plan is blocked' },
  });
  await row.getByRole('switch', { name: `Rotation for ${titleOf(proxy)}`, exact: true }).click();
}

/** Stops the page's clock: from here on, time passes only by runFor. */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 100);
}

test.describe('toasts', () => {
  test.beforeEach(async ({ popup }) => {
    const { page, api, harness } = popup;
    // The copy toast is plain news: no clear to count down to.
    harness.services.settings.update({ clipboardClearSeconds: 0 });
    await page.clock.install();
    await page.reload();
    await expectPlansShown(page, accountOf(api, 'demo').plans);
  });

  test('news leaves after a few seconds, not while hovered; a failure names its proxy and stays', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const [first, second] = openProxies(api);
    if (!first || !second) throw new Error('two open proxies needed');
    await failRotation(page, api, second);
    const failure = page
      .getByRole('alert')
      .filter({ hasText: `${titleOf(second)} — ` })
      .filter({ hasText: 'Plan is blocked' });
    await expect(failure).toBeVisible();

    const row = await showProxy(page, first);
    // From the copy on, time passes only when the test says so.
    await pauseClock(page);
    await row.getByRole('button', { name: `Copy ${titleOf(first)}`, exact: true }).click();
    const news = notifications(page)
      .getByRole('status')
      .filter({ hasText: `of ${titleOf(first)} copied` });
    await expect(news).toBeVisible();

    // Held while the pointer is on it, however long.
    await news.hover();
    await page.clock.runFor(NEWS_MS * 4);
    await expect(news).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(NEWS_MS - 200);
    await expect(news).toBeVisible();
    await page.clock.runFor(400);
    await expect(news).toHaveCount(0);

    // The failure is still there a minute on, until dismissed.
    await page.clock.runFor(60_000);
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(failure).toHaveCount(0);
  });

  test('at most three at once: the oldest that is not an error goes first', async ({ popup }) => {
    const { page, api } = popup;
    const [failing, ...others] = openProxies(api);
    if (!failing || others.length < 3) throw new Error('four open proxies needed');
    await failRotation(page, api, failing);
    await expect(page.getByRole('alert')).toBeVisible();
    await pauseClock(page);
    for (const proxy of others.slice(0, 3)) {
      await copy(page, proxy);
      await expect(page.getByText(`of ${titleOf(proxy)} copied`)).toBeVisible();
    }
    const shown = notifications(page).locator('[role="status"], [role="alert"]');
    await expect(shown).toHaveCount(3);
    // The error stayed; the first copy's news made room.
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText(`of ${titleOf(others[0] as Proxy)} copied`)).toHaveCount(0);
  });

  test('never over the focused control: they move to the top when it is under them', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const [failing] = openProxies(api);
    if (!failing) throw new Error('an open proxy needed');
    await failRotation(page, api, failing);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search proxies' }).fill('');
    const log = notifications(page);
    const stack = await log.boundingBox();
    if (!stack) throw new Error('no toasts on screen');
    // A control the toasts sit on at the bottom of the popup.
    const covered = await page.evaluate(
      ({ top, bottom }) => {
        const candidates = [...document.querySelectorAll<HTMLElement>('button')].filter(
          (button) => {
            const box = button.getBoundingClientRect();
            const inToasts = button.closest('[role="log"]') !== null;
            return !inToasts && box.height > 0 && box.top < bottom && top < box.bottom;
          },
        );
        const chosen = candidates[0];
        if (!chosen) return null;
        chosen.setAttribute('data-covered', '');
        return true;
      },
      { top: stack.y, bottom: stack.y + stack.height },
    );
    expect(covered).toBe(true);
    const control = page.locator('[data-covered]');
    await control.focus();

    await expect(log).toHaveClass(/\btop\b/);
    const [moved, focused] = await Promise.all([log.boundingBox(), control.boundingBox()]);
    if (!moved || !focused) throw new Error('no boxes');
    const overlap = moved.y < focused.y + focused.height && focused.y < moved.y + moved.height;
    expect(overlap).toBe(false);
  });

  test('a password holding ":" is copied with a warning, and "Copy as URL" copies the URL form', async ({
    popup,
  }) => {
    const { page, api, harness } = popup;
    const [proxy] = openProxies(api);
    if (!proxy) throw new Error('an open proxy needed');
    proxy.password = 'pa:ss:word';
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(() => harness.services.plans.proxy(proxy.id).password).toBe('pa:ss:word');

    await copy(page, proxy);
    const warning = notifications(page)
      .getByRole('status')
      .filter({
        hasText: `ip:port:username:password of ${titleOf(proxy)} copied · the password contains ':' — tools that split on ':' will misread it`,
      });
    await expect(warning).toBeVisible();
    await expect(warning).toHaveClass(/\bwarning\b/);
    // Copied all the same: the user asked for this format.
    expect(harness.clipboard.text).toBe(`${proxy.ip}:${proxy.port}:${proxy.username}:pa:ss:word`);
    // A warning waits to be read.
    await pauseClock(page);
    await page.clock.runFor(NEWS_MS * 4);
    await expect(warning).toBeVisible();

    await warning.getByRole('button', { name: 'Copy as URL', exact: true }).click();
    await expect
      .poll(() => harness.clipboard.text)
      .toBe(`http://${proxy.username}:pa%3Ass%3Aword@${proxy.ip}:${proxy.port}`);
    await expect(page.getByText(`HTTP proxy URL of ${titleOf(proxy)} copied`)).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
