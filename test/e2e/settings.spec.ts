import type { Locator, Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  chooseOption,
  expectPlansShown,
  proxyWhere,
  showProxy,
  titleOf,
} from './support/popup-ui';

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

/** A radio group as a radiogroup or as a fieldset (role group) with its legend. */
function radioGroup(page: Page, name: string): Locator {
  return page
    .getByRole('radiogroup', { name, exact: true })
    .or(page.getByRole('group', { name, exact: true }));
}

test('the default copy format and host chosen in Settings are what Copy uses', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await openSettings(page);

  await chooseOption(
    page.getByRole('combobox', { name: 'Default copy format', exact: true }),
    'HTTP proxy URL',
  );
  await expect.poll(() => harness.services.settings.get().copyFormat).toBe('http-url');
  await radioGroup(page, 'Host to copy')
    .getByRole('radio', { name: /^Assigned IPv4/ })
    .check();
  await expect.poll(() => harness.services.settings.get().hostChoice).toBe('ipv4');

  const idle = page.getByRole('spinbutton', {
    name: 'Close idle connections after (minutes)',
    exact: true,
  });
  await idle.fill('1441');
  await idle.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'idle time' })).toBeVisible();
  await idle.fill('30');
  await idle.press('Tab');
  await expect.poll(() => harness.services.settings.get().localPortIdleMinutes).toBe(30);
  const connections = page.getByRole('spinbutton', { name: 'Connections per port', exact: true });
  await connections.fill('64');
  await connections.press('Tab');
  await expect.poll(() => harness.services.settings.get().localPortConnectionsMax).toBe(64);

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const { proxy } = proxyWhere(api, 'demo', () => true);
  const row = await showProxy(page, proxy);
  await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();
  await expect
    .poll(() => harness.clipboard.text)
    .toBe(formatCredentials(proxy, { format: 'http-url', hostChoice: 'ipv4' }));
});

test('a custom template is saved and used; an invalid one is refused next to the field', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await openSettings(page);
  const template = page.getByRole('textbox', { name: 'Custom template', exact: true });
  await expect(template).toHaveCount(0);

  await chooseOption(
    page.getByRole('combobox', { name: 'Default copy format', exact: true }),
    'Custom template',
  );
  await expect(template).toBeVisible();
  await template.fill('{nope}');
  await template.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: '{nope}' })).toBeVisible();
  expect(harness.services.settings.get().customTemplate).not.toBe('{nope}');

  await template.fill('{username}@{ip}:{port}');
  await template.press('Tab');
  await expect
    .poll(() => harness.services.settings.get().customTemplate)
    .toBe('{username}@{ip}:{port}');

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const { proxy } = proxyWhere(api, 'demo', () => true);
  const row = await showProxy(page, proxy);
  await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();
  await expect
    .poll(() => harness.clipboard.text)
    .toBe(`${proxy.username}@${proxy.ip}:${proxy.port}`);
});

test('number settings: a refused value says why and changes nothing; 0 s means the clipboard is never cleared', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await openSettings(page);

  const refresh = page.getByRole('spinbutton', { name: 'Refresh every (minutes)', exact: true });
  await refresh.fill('0');
  await refresh.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'refresh interval' })).toBeVisible();
  expect(harness.services.settings.get().refreshIntervalMinutes).toBe(5);

  const clear = page.getByRole('spinbutton', {
    name: 'Clear clipboard after (seconds)',
    exact: true,
  });
  await clear.fill('0');
  await clear.press('Tab');
  await expect.poll(() => harness.services.settings.get().clipboardClearSeconds).toBe(0);

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const { proxy } = proxyWhere(api, 'demo', () => true);
  const row = await showProxy(page, proxy);
  await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();
  // No countdown: the clipboard is never cleared.
  await expect(
    page.getByText(`ip:port:username:password of ${titleOf(proxy)} copied`, { exact: true }),
  ).toBeVisible();
});

test('the tray can open the popup on Settings; checkboxes and theme are saved and applied', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);

  await popup.show('settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Open at login', exact: true }).check();
  await expect.poll(() => harness.services.settings.get().openAtLogin).toBe(true);
  await page.getByRole('checkbox', { name: 'Start hidden', exact: true }).uncheck();
  await expect.poll(() => harness.services.settings.get().startHidden).toBe(false);
  const hide = page.getByRole('checkbox', {
    name: 'Hide the popup after copying when the shortcut opened it',
    exact: true,
  });
  await expect(hide).toBeChecked();
  await hide.uncheck();
  await expect.poll(() => harness.services.settings.get().hideAfterCopy).toBe(false);
  await hide.check();
  await expect.poll(() => harness.services.settings.get().hideAfterCopy).toBe(true);

  const theme = radioGroup(page, 'Theme');
  await theme.getByRole('radio', { name: 'Dark', exact: true }).check();
  await expect.poll(() => harness.services.settings.get().theme).toBe('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await theme.getByRole('radio', { name: 'Light', exact: true }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a settings file that could not be read is reported once, with where the original was saved', async ({
  page,
  dataDir,
  launchHarness,
}) => {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(`${dataDir}/settings.json`, '{"theme": "purple"');
  const harness = await launchHarness();
  await page.goto(harness.url);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your settings file could not be read' }),
  ).toContainText('settings.invalid-');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText('Your settings file could not be read')).toHaveCount(0);
});
