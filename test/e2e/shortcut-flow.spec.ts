import type { Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  focusedRowOfAnOpenProxy,
  proxiesOf,
  proxyWhere,
  required,
  rowOf,
  searchBox,
  showProxy,
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

test('Tab passes a plan header and a row in one stop each: the fifth plan’s menu in a few presses', async ({
  popup,
}) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  // In the order the popup shows them.
  const names = await page
    .locator('section[aria-labelledby^="plan-"] h2')
    .evaluateAll((headings) => headings.map((heading) => heading.textContent?.trim() ?? ''));
  const fifth = required(names[4], 'a fifth plan');

  await searchBox(page).focus();
  let presses = 0;
  while (presses < 60 && (await focusedName(page)) !== `Collapse ${fifth}`) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(await focusedName(page)).toBe(`Collapse ${fifth}`);
  // Was 115 with three stops per row.
  expect(presses).toBeLessThanOrEqual(15);
  await page.keyboard.press('ArrowRight');
  expect(await focusedName(page)).toBe(`Actions for ${fifth}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: `Actions for ${fifth}`, exact: true })).toBeVisible();
  // Esc gives the focus back to the control that opened the menu.
  await page.keyboard.press('Escape');
  expect(await focusedName(page)).toBe(`Actions for ${fifth}`);
  await page.keyboard.press('ArrowLeft');
  expect(await focusedName(page)).toBe(`Collapse ${fifth}`);
});

test('a row is one Tab stop; ← and → move among its buttons and back to the row', async ({
  popup,
}) => {
  const { page, api } = popup;
  const { proxy, title, row } = await focusedRowOfAnOpenProxy(page, api);

  await page.keyboard.press('ArrowRight');
  expect(await focusedName(page)).toBe(`Copy ${title}`);
  await page.keyboard.press('ArrowRight');
  expect(await focusedName(page)).toBe(`Copy formats for ${title}`);
  await page.keyboard.press('ArrowRight');
  expect(await focusedName(page)).toBe(`More for ${title}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await focusedName(page)).toBe(`Copy ${title}`);
  await page.keyboard.press('ArrowLeft');
  await expect(row).toBeFocused();

  // Tab from the row leaves it: none of its buttons is a stop.
  await page.keyboard.press('Tab');
  const inRow = await page.evaluate(
    (id) => !!document.activeElement?.closest(`[data-proxy-id="${id}"]`),
    proxy.id,
  );
  expect(inRow).toBe(false);
});

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

test('after the copy menu closes (Esc or a choice) the row has the focus, and Ctrl+B works', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const target = required(proxiesOf(api, 'demo')[3], 'a 4th proxy').proxy;
  const row = await showProxy(page, target);
  const menu = page.getByRole('menu', { name: 'Copy formats' });

  await row.focus();
  await page.keyboard.press('Shift+Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(row).toBeFocused();
  await page.keyboard.press('Control+b');
  await expect.poll(() => harness.clipboard.text).toBe(target.username);

  // Opened with its button, closed by a choice: back on the row too.
  await row.getByRole('button', { name: /^Copy formats for / }).click();
  await menu.getByRole('menuitem').first().press('Enter');
  await expect(menu).toHaveCount(0);
  await expect.poll(() => harness.clipboard.text).not.toBe(target.username);
  await expect(row).toBeFocused();
  await page.keyboard.press('Control+b');
  await expect.poll(() => harness.clipboard.text).toBe(target.username);
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

test('the shortcut recorder takes the pressed combination; Esc cancels, Backspace clears, a key alone is refused', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await popup.show('settings');
  const field = page.getByRole('textbox', { name: 'Global shortcut', exact: true });
  await expect(field).toHaveValue('Ctrl+Shift+Space');

  await field.focus();
  await expect(field).toHaveValue('Press the new shortcut…');
  await page.keyboard.down('Control');
  await page.keyboard.down('Shift');
  await expect(field).toHaveValue('Ctrl+Shift+…');
  await page.keyboard.press('KeyP');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Control');
  await expect
    .poll(() => harness.services.settings.get().globalHotkey)
    .toBe('CommandOrControl+Shift+P');
  await expect(field).toHaveValue('Ctrl+Shift+P');
  expect(harness.shortcuts.isRegistered('CommandOrControl+Shift+P')).toBe(true);

  // A key without a modifier would be taken from every app: refused, the shortcut kept.
  await page.keyboard.press('Enter');
  await page.keyboard.press('KeyK');
  await expect(page.getByRole('alert').filter({ hasText: 'needs Control, Alt' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(harness.services.settings.get().globalHotkey).toBe('CommandOrControl+Shift+P');

  // Esc cancels the recording, and Settings stay open.
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('Ctrl+Shift+P');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  // A click on the field records again.
  await field.click();
  await expect(field).toHaveValue('Press the new shortcut…');
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('Ctrl+Shift+P');

  // Backspace leaves no shortcut.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Backspace');
  await expect.poll(() => harness.services.settings.get().globalHotkey).toBeNull();
  await expect(field).toHaveValue('None');
  expect(harness.shortcuts.isRegistered('CommandOrControl+Shift+P')).toBe(false);
});

test.describe('on macOS', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });

  test('the shortcut recorder writes the keys as macOS menus do: ⌃ ⌥ ⇧ ⌘, Alt as Option', async ({
    popup,
  }) => {
    const { page, api, harness } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    await popup.show('settings');
    const field = page.getByRole('textbox', { name: 'Global shortcut', exact: true });
    await expect(field).toHaveValue('⇧⌘Space');

    await field.focus();
    await page.keyboard.down('Meta');
    await page.keyboard.down('Alt');
    await expect(field).toHaveValue('⌥⌘…');
    await page.keyboard.press('KeyP');
    await page.keyboard.up('Alt');
    await page.keyboard.up('Meta');
    await expect
      .poll(() => harness.services.settings.get().globalHotkey)
      .toBe('CommandOrControl+Alt+P');
    await expect(field).toHaveValue('⌥⌘P');
  });
});
