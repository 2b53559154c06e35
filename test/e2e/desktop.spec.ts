import type { Page } from '@playwright/test';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown } from './support/popup-ui';

// What the desktop refuses the app, said in the popup: a shortcut another app holds (changing it
// re-registers at once), and a desktop without a tray.

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

test('a shortcut another app holds is named in Settings, and a free one replaces it at once', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  harness.shortcuts.takenByOtherApps.add('CommandOrControl+Shift+P');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await openSettings(page);
  const field = page.getByRole('textbox', { name: 'Global shortcut', exact: true });

  // The field records the combination pressed in it.
  await field.focus();
  await page.keyboard.press('Control+Shift+KeyP');
  const problem = page.getByRole('alert').filter({ hasText: 'is used by another app' });
  await expect(problem).toHaveText(
    /^(Ctrl|Cmd)\+Shift\+P is used by another app — choose another\.$/,
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // Enter in the field records again.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Alt+Shift+KeyK');
  await expect(problem).toHaveCount(0);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  expect(harness.shortcuts.isRegistered('Alt+Shift+K')).toBe(true);
  expect(harness.shortcuts.isRegistered('CommandOrControl+Shift+P')).toBe(false);
});

test('without a tray, the popup says how to get one, above every screen', async ({ popup }) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const help = 'No tray icon here: install the AppIndicator extension to get one.';

  harness.services.desktop.trayHelp(help);
  await expect(page.getByRole('status').filter({ hasText: help })).toBeVisible();
  await openSettings(page);
  await expect(page.getByRole('status').filter({ hasText: help })).toBeVisible();

  harness.services.desktop.trayHelp(null);
  await expect(page.getByText(help)).toHaveCount(0);
});
