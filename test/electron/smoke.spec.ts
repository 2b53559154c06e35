import type { Locator } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { defaultSettings } from '../../src/shared/settings/settings-schema';
import { accountIdFor } from '../../src/main/session/account-id';
import { APP_PAGE_URL } from '../../src/main/shell/app-protocol/app-scheme';
import {
  accountOf,
  expectPlansShown,
  proxyWhere,
  showProxy,
  titleOf,
} from '../e2e/support/popup-ui';
import { entryHolding, readAppKeychainEntry } from './support/app-keychain';
import { readOsClipboard } from './support/os-clipboard';
import { expect, test, type SmokeApp } from './support/smoke-fixtures';
import { knownToHaveNoTray, NO_TRAY_HELP } from '../../src/main/shell/popup/desktop-presentation';
import { hasStatusNotifierHost } from '../../src/main/shell/tray/tray-host-probe';

// The packaged app (npm run dist:smoke) on a real desktop: the parts the browser harness cannot
// prove — Electron's tray, window, keychain module, clipboard and quitting. Run on GitHub's
// runners by .github/workflows/release.yml; see playwright.electron.config.ts.

/** What the app itself asks at start: whether a panel will show its icon (Linux only can lack one). */
async function desktopHasNoTray(): Promise<boolean> {
  return knownToHaveNoTray(process.platform, await hasStatusNotifierHost());
}

/** A click on the tray, unless the popup is already shown (as it is where there is no tray). */
async function openPopup(app: SmokeApp): Promise<void> {
  if (!(await app.popupVisible())) await app.clickTray();
  await expect.poll(() => app.popupVisible()).toBe(true);
}

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

  await test.step('the app starts, with its icon in the tray, or in a window where none shows', async () => {
    expect(electronApp.process().exitCode).toBeNull();
    await expect.poll(() => app.trayCreated(), { timeout: 30_000 }).toBe(true);
    if (await desktopHasNoTray()) {
      // Linux runners have no StatusNotifier host: "start hidden" is ignored, the window says why.
      await expect.poll(() => app.popupVisible()).toBe(true);
      await expect(page.getByRole('status').filter({ hasText: NO_TRAY_HELP })).toBeVisible();
    } else {
      // "Start hidden" is on by default: the popup waits for the tray.
      expect(await app.popupVisible()).toBe(false);
    }
  });

  await test.step('a click on the tray opens the popup', async () => {
    await openPopup(app);
    // The built page comes over the app's own scheme (app-protocol-handler.ts), not file://,
    // and its module script and stylesheet loaded there: the Svelte app filled its root.
    expect(page.url()).toBe(APP_PAGE_URL);
    await expect(page.locator('#app > *').first()).toBeVisible();
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

test('a notification click opens the popup; a shortcut another app holds is named', async ({
  api,
  launchApp,
  keychainAccounts,
}) => {
  const demo = accountOf(api, 'demo');
  keychainAccounts.add(accountIdFor(api.baseUrl, demo.user));
  const app = await launchApp();
  const { electronApp, popup: page } = app;
  await expect.poll(() => app.trayCreated(), { timeout: 30_000 }).toBe(true);

  await openPopup(app);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();

  await test.step('a click on a notification opens the popup again', async () => {
    await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
    await page
      .getByRole('textbox', { name: 'Access token', exact: true })
      .fill(api.tokenFor('demo'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPlansShown(page, demo.plans);
    // The demo account has an expiring and a blocked plan: each is a desktop notification.
    await app.clickTray();
    await expect.poll(() => app.popupVisible()).toBe(false);
    await expect.poll(() => app.clickNewestNotification(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => app.popupVisible()).toBe(true);
  });

  await test.step('a shortcut another app holds is named in Settings', async () => {
    // Held elsewhere in the app's own process: Electron refuses it as it refuses another app's.
    const taken = 'CommandOrControl+Shift+9';
    expect(
      await electronApp.evaluate(
        ({ globalShortcut }, accelerator) => globalShortcut.register(accelerator, () => {}),
        taken,
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Global shortcut', exact: true });
    await field.fill(taken);
    await field.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'is used by another app' })).toHaveText(
      /^(Ctrl|Cmd)\+Shift\+9 is used by another app — choose another\.$/,
    );
  });
});
