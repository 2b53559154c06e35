import type { Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  proxiesOf,
  proxyWhere,
  required,
  rowOf,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';

// The quick-access flow of a password manager: the shortcut, a few keys, the copy, gone. Few Tab
// stops, typing that always reaches the search, the focus back where the keys work.

/** The focused element's accessible name as the popup sets it (aria-label), or its tag. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.tagName ?? '';
  });
}

function focusedRowId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-proxy-id') ?? null);
}

test('typing in the list goes on in the search box; Backspace too; not in the label editor', async ({
  popup,
}) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
  const row = await showProxy(page, proxy);
  const prefix = proxy.username.slice(0, -1);
  await searchBox(page).fill(prefix);
  await expect(row).toBeVisible();

  await searchBox(page).press('ArrowDown');
  await expect.poll(() => focusedRowId(page)).not.toBeNull();
  await page.keyboard.type(proxy.username.slice(-1));
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue(proxy.username);
  // The cursor is at the end: the next key continues the text instead of replacing it.
  await page.keyboard.type('Z');
  await expect(searchBox(page)).toHaveValue(`${proxy.username}Z`);

  // From a row's button, Backspace erases the last character.
  await searchBox(page).fill(proxy.username);
  await searchBox(page).press('ArrowDown');
  await expect(row).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Backspace');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue(prefix);

  // In the label editor the keys are the editor's.
  await searchBox(page).fill(proxy.username);
  await row.getByRole('button', { name: /^More for / }).click();
  await row.getByRole('button', { name: /^Edit label for / }).click();
  const editor = row.getByRole('textbox');
  await expect(editor).toBeFocused();
  await page.keyboard.type('abc');
  await expect(editor).toHaveValue('abc');
  await expect(searchBox(page)).toHaveValue(proxy.username);
});

test('opened by the shortcut, a copy hides the popup (on by default); opened from the tray, it stays', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const target = required(proxiesOf(api, 'demo')[2], 'a 3rd proxy').proxy;
  const copied = formatCredentials(target, { format: 'ip-port-user-pass', hostChoice: 'entry' });
  expect(harness.services.settings.get().hideAfterCopy).toBe(true);
  const accelerator = required(harness.services.settings.get().globalHotkey, 'a shortcut');

  await expect.poll(() => harness.connectedPages()).toBeGreaterThan(0);
  harness.shortcuts.press(accelerator);
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(target.username);
  await expect(rowOf(page, target.id)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => harness.clipboard.text).toBe(copied);
  await expect.poll(() => harness.shell.hidden).toBe(1);

  // The tray's click: the popup stays for the next copy.
  harness.clipboard.userCopies('before');
  await popup.show();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(target.username);
  await searchBox(page).press('Enter');
  await expect.poll(() => harness.clipboard.text).toBe(copied);
  await expect(page.getByText('Copied', { exact: false }).first()).toBeVisible();
  expect(harness.shell.hidden).toBe(1);

  // With the setting off, the shortcut's popup stays too.
  await popup.show('settings');
  await page
    .getByRole('checkbox', {
      name: 'Hide the popup after copying when the shortcut opened it',
      exact: true,
    })
    .uncheck();
  await expect.poll(() => harness.services.settings.get().hideAfterCopy).toBe(false);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  harness.clipboard.userCopies('before');
  harness.shortcuts.press(accelerator);
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(target.username);
  await searchBox(page).press('Enter');
  await expect.poll(() => harness.clipboard.text).toBe(copied);
  expect(harness.shell.hidden).toBe(1);
});

