import type { Locator } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { defaultSettings } from '../../src/shared/settings/settings-schema';
import { accountIdFor } from '../../src/main/session/account-id';
import {
  accountOf,
  expectPlansShown,
  proxyWhere,
  showProxy,
  titleOf,
} from '../e2e/support/popup-ui';
import { entryHolding, readAppKeychainEntry } from './support/app-keychain';
import { readOsClipboard } from './support/os-clipboard';
import { expect, test } from './support/smoke-fixtures';

// The packaged app (npm run dist:smoke) on a real desktop: the parts the browser harness cannot
// prove — Electron's tray, window, keychain module, clipboard and quitting. Run on GitHub's
// runners by .github/workflows/release.yml; see playwright.electron.config.ts.

/** Clicks a control that quits the app: the page may be gone before the click has returned. */
async function clickToQuit(control: Locator): Promise<void> {
  try {
    await control.click();
  } catch (error) {
    if (!/closed/i.test(String(error))) throw error;
  }
}

test('the packaged app: tray, popup, sign-in to the keychain, copy to the clipboard, quit clears it', async ({
  api,
  launchApp,
  keychainAccounts,
}) => {
  const demo = accountOf(api, 'demo');
  const token = api.tokenFor('demo');
  const accountId = accountIdFor(api.baseUrl, demo.user);
  keychainAccounts.add(accountId);
  // A password a naive copy would mangle: the real clipboard must carry it byte for byte.
  const { proxy } = proxyWhere(api, 'demo', ({ proxy }) => /[@:/%#?&+=]/.test(proxy.password));
  const settings = defaultSettings();
  const expectedCopy = formatCredentials(proxy, {
    format: settings.copyFormat,
    hostChoice: settings.hostChoice,
    template: settings.customTemplate,
  });

  const app = await launchApp();
  const { electronApp, popup: page } = app;

  await test.step('the app starts, with its icon in the tray', async () => {
    expect(electronApp.process().exitCode).toBeNull();
    await expect.poll(() => app.trayCreated(), { timeout: 30_000 }).toBe(true);
    // "Start hidden" is on by default: the popup waits for the tray.
    expect(await app.popupVisible()).toBe(false);
  });

  await test.step('a click on the tray opens the popup', async () => {
    await app.clickTray();
    await expect.poll(() => app.popupVisible()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  });

  await test.step('signing in through the form lists the plans and keeps the token in the keychain', async () => {
    await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
    await page.getByRole('textbox', { name: 'Access token', exact: true }).fill(token);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPlansShown(page, demo.plans);

    expect(await readAppKeychainEntry(accountId)).toEqual(entryHolding(token));
  });

  await test.step("a row's Copy button puts the credentials on the system clipboard", async () => {
    const row = await showProxy(page, proxy);
    await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();

    await expect.poll(() => app.clipboardText()).toBe(expectedCopy);
    // The OS's own tool sees it too: the check after quitting reads through the same tool.
    expect(await readOsClipboard()).toBe(expectedCopy);
  });

  await test.step('Quit ends the app and takes the credentials off the clipboard', async () => {
    // Still our copy (30 s have not passed), so it is the quit that has to clear it.
    expect(await app.clipboardText()).toBe(expectedCopy);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    const closed = electronApp.waitForEvent('close', { timeout: 30_000 });
    await clickToQuit(page.getByRole('menuitem', { name: 'Quit', exact: true }));
    await closed;

    expect(electronApp.process().exitCode).toBe(0);
    // On Linux this half is weak: an X11 clipboard dies with its owner (see readOsClipboard).
    const after = await readOsClipboard();
    expect(after).not.toContain(proxy.password);
  });
});
