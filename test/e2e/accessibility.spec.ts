import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { ZOOM_200 } from './support/layout-checks';
import { test } from './support/popup-fixtures';
import { SIGNED_IN_STATES, signInForm } from './support/popup-states';
import { TERMINAL_COMMAND_STATES } from './support/terminal-command-states';

// Every rule axe-core has, none turned off, over each screen and open panel or menu, in both
// colour schemes (the contrast rule sees each scheme's own colours).
const SCHEMES = ['light', 'dark'] as const;

/**
 * Each scheme checked over one state, reached once: the scheme only changes colours (every one is
 * a light-dark() pair), so a second popup to reach the same state again would only cost time.
 */
async function expectNoViolationsInEitherScheme(page: Page): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await test.step(colorScheme, () => expectNoAxeViolations(page));
  }
}

test.describe('accessibility (axe-core): signed in', () => {
  for (const [name, reach] of Object.entries(SIGNED_IN_STATES)) {
    test(`${name}, light and dark: no violations`, async ({ popup }) => {
      await reach(popup.page, popup.api);
      await expectNoViolationsInEitherScheme(popup.page);
    });
  }
});

// Every state again at 200 % page zoom, where rows, menus and panels lay out differently.
test.describe('accessibility (axe-core): signed in, 200 % zoom', () => {
  test.use(ZOOM_200);
  for (const [name, reach] of Object.entries(SIGNED_IN_STATES)) {
    test(`${name} at 200 % zoom, light and dark: no violations`, async ({ popup }) => {
      await reach(popup.page, popup.api);
      await expectNoViolationsInEitherScheme(popup.page);
    });
  }
});

// Settings' "proxy-tray command" row, shown on macOS only, in each of its states.
test.describe('accessibility (axe-core): the proxy-tray command on macOS', () => {
  test.use({ harnessPlatform: 'darwin' });
  for (const [name, reach] of Object.entries(TERMINAL_COMMAND_STATES)) {
    test(`${name}, light and dark: no violations`, async ({ popup }) => {
      await reach(popup);
      await expectNoViolationsInEitherScheme(popup.page);
    });
  }
});

test.describe('accessibility (axe-core): signed out', () => {
  test.use({ signInAs: null });
  for (const colorScheme of SCHEMES) {
    test(`sign-in, ${colorScheme}: no violations`, async ({ popup }) => {
      await popup.page.emulateMedia({ colorScheme });
      await signInForm(popup.page);
      await expectNoAxeViolations(popup.page);
    });
  }
});
