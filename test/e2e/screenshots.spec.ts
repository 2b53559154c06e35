import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ZOOM_200 } from './support/layout-checks';
import { expect, test } from './support/popup-fixtures';
import { SIGNED_IN_STATES } from './support/popup-states';
import { TERMINAL_COMMAND_STATES } from './support/terminal-command-states';
import { accountOf, required, searchBox } from './support/popup-ui';

// Pictures for a person to look at (not compared by the tests): each state in light and dark, at
// the popup's own size.
const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const SCHEMES = ['light', 'dark'] as const;

async function capture(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, animations: 'disabled' });
}

test.describe('screenshots: normal account', () => {
  for (const colorScheme of SCHEMES) {
    test(`plans, ${colorScheme}`, async ({ popup }) => {
      const { page, api } = popup;
      await page.setViewportSize({ width: 380, height: 560 });
      await page.emulateMedia({ colorScheme });
      const first = required(accountOf(api, 'demo').plans[0], 'a plan');
      await expect(searchBox(page)).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: first.name, exact: true }),
      ).toBeVisible();
      await capture(page, `plans-demo-${colorScheme}`);
    });
  }
});

// Each screen and open panel or menu the accessibility checks look at, as a person sees it.
test.describe('screenshots: screens and panels', () => {
  for (const colorScheme of SCHEMES) {
    for (const [name, reach] of Object.entries(SIGNED_IN_STATES)) {
      if (name === 'plans') continue; // plans-demo-* above
      test(`${name}, ${colorScheme}`, async ({ popup }) => {
        const { page, api } = popup;
        await page.setViewportSize({ width: 380, height: 560 });
        await page.emulateMedia({ colorScheme });
        await reach(page, api);
        await capture(page, `${name}-${colorScheme}`);
      });
    }
  }
});

// Settings' "proxy-tray command" row, which only macOS shows.
test.describe('screenshots: the proxy-tray command on macOS', () => {
  test.use({ harnessPlatform: 'darwin' });
  for (const colorScheme of SCHEMES) {
    for (const [name, reach] of Object.entries(TERMINAL_COMMAND_STATES)) {
      test(`${name}, ${colorScheme}`, async ({ popup }) => {
        await popup.page.emulateMedia({ colorScheme });
        await reach(popup);
        await capture(popup.page, `${name}-${colorScheme}`);
      });
    }
  }
});

// A display at 200 %: the same CSS pixels, twice the device pixels (icons and hairlines crisp).
test.describe('screenshots: 200 % scale', () => {
  test.use({ deviceScaleFactor: 2, viewport: { width: 380, height: 560 } });
  for (const colorScheme of SCHEMES) {
    test(`plans at 2x, ${colorScheme}`, async ({ popup }) => {
      const { page, api } = popup;
      await page.emulateMedia({ colorScheme });
      const reach = required(SIGNED_IN_STATES['plans'], 'the plans state');
      await reach(page, api);
      await capture(page, `plans-demo-2x-${colorScheme}`);
    });
  }
});

// Page zoom at 200 %: 190 × 280 CSS px, where rows, menus and panels lay out again.
test.describe('screenshots: 200 % zoom', () => {
  test.use(ZOOM_200);
  for (const colorScheme of SCHEMES) {
    for (const [name, reach] of Object.entries(SIGNED_IN_STATES)) {
      test(`${name} at 200 % zoom, ${colorScheme}`, async ({ popup }) => {
        const { page, api } = popup;
        await page.emulateMedia({ colorScheme });
        await reach(page, api);
        await capture(page, `${name}-zoom200-${colorScheme}`);
      });
    }
  }
});

test.describe('screenshots: 10,000 proxies', () => {
  test.use({
    apiAccounts: [{ username: 'big', plans: 100, proxiesPerPlan: 100 }],
    signInAs: 'big',
  });
  for (const colorScheme of SCHEMES) {
    test(`plans, ${colorScheme}`, async ({ popup }) => {
      const { page, api } = popup;
      await page.setViewportSize({ width: 380, height: 560 });
      await page.emulateMedia({ colorScheme });
      const first = required(accountOf(api, 'big').plans[0], 'a plan');
      await expect(searchBox(page)).toBeVisible();
      // Plan names repeat among 100 plans: the first heading is the first plan's.
      await expect(
        page.getByRole('heading', { level: 2, name: first.name, exact: true }).first(),
      ).toBeVisible();
      await capture(page, `plans-10k-${colorScheme}`);
    });
  }
});

test.describe('screenshots: signed out', () => {
  test.use({ signInAs: null });
  for (const colorScheme of SCHEMES) {
    test(`sign-in form, ${colorScheme}`, async ({ popup }) => {
      const { page } = popup;
      await page.setViewportSize({ width: 380, height: 560 });
      await page.emulateMedia({ colorScheme });
      await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
      await capture(page, `sign-in-${colorScheme}`);
    });
  }
});
