import type { Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  focusedRowOfAnOpenProxy,
  proxiesOf,
  required,
  rowOf,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';

test('keyboard only: open, type, ↓ to the first proxy, Enter copies it', async ({ popup }) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const target = required(proxiesOf(api, 'demo')[12], 'a 13th proxy').proxy;

  // The tray shows the popup: focus is in the search box without a click.
  await popup.show();
  await expect(searchBox(page)).toBeFocused();

  await page.keyboard.type(target.username);
  await expect(rowOf(page, target.id)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  // Roving focus: the row itself (or the element inside it that holds the focus) has it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-proxy-id]')?.getAttribute('data-proxy-id'),
      ),
    )
    .toBe(String(target.id));
  await page.keyboard.press('Enter');

  await expect
    .poll(() => harness.clipboard.text)
    .toBe(formatCredentials(target, { format: 'ip-port-user-pass', hostChoice: 'entry' }));

  // "/" goes back to the search; Esc clears it, and Esc on an empty search hides the popup.
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue(target.username);
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  expect(harness.shell.hidden).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => harness.shell.hidden).toBe(1);
});

test('↑/↓ move between proxy rows', async ({ popup }) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  // In the order the popup shows them (the contract leaves the order to it).
  const [first, second] = await page
    .locator('[data-proxy-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-proxy-id')));
  expect(second).toBeDefined();

  await searchBox(page).focus();
  await page.keyboard.press('ArrowDown');
  const focusedRow = () =>
    page.evaluate(() =>
      document.activeElement?.closest('[data-proxy-id]')?.getAttribute('data-proxy-id'),
    );
  await expect.poll(focusedRow).toBe(first);
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedRow).toBe(second);
  await page.keyboard.press('ArrowUp');
  await expect.poll(focusedRow).toBe(first);
});

/** The focused element's accessible name (as the popup sets it) and whether it shows a ring. */
function focusedControl(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent ??
      '';
    return { name: name.trim(), ring };
  });
}

/**
 * Presses `key` until every wanted control had the focus (each with a ring), the current one too.
 */
async function pressThrough(page: Page, key: string, wanted: readonly string[]): Promise<void> {
  const reached = new Set<string>();
  for (let press = 0; press < 40 && wanted.some((name) => !reached.has(name)); press += 1) {
    if (press > 0) await page.keyboard.press(key);
    const focused = await focusedControl(page);
    if (focused && wanted.includes(focused.name)) {
      expect(focused.ring, `focus ring on ${focused.name}`).toBe(true);
      reached.add(focused.name);
    }
  }
  expect([...reached].sort()).toEqual([...wanted].sort());
}

test('→ reaches every control of a row, Tab those of its settings, each with a visible focus ring', async ({
  popup,
}) => {
  const { page, api } = popup;
  // Of an open plan: a blocked plan's rows offer no rotation controls (see blocked-plan.spec.ts).
  const { title } = await focusedRowOfAnOpenProxy(page, api);

  // The row's own line: Copy, its formats, and the button that opens the rest, which comes last.
  await pressThrough(page, 'ArrowRight', [
    `Copy ${title}`,
    `Copy formats for ${title}`,
    `More for ${title}`,
  ]);
  await page.keyboard.press('Enter');
  await pressThrough(page, 'Tab', [
    `Rotation for ${title}`,
    `Rotation interval for ${title}`,
    `Edit label for ${title}`,
    `Show password for ${title}`,
    `Check ${title}`,
  ]);
});

test('the context-menu key on a row opens its controls, with the focus in them; Esc closes them back to the row', async ({
  popup,
}) => {
  const { page, api } = popup;
  const { title, row } = await focusedRowOfAnOpenProxy(page, api);

  await page.keyboard.press('ContextMenu');
  const controls = row.getByRole('group', { name: `Settings of ${title}`, exact: true });
  await expect(controls).toBeVisible();
  await expect(
    row.getByRole('switch', { name: `Rotation for ${title}`, exact: true }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(controls).toHaveCount(0);
  await expect(row).toBeFocused();

  // Shift+F10 opens them too.
  await page.keyboard.press('Shift+F10');
  await expect(controls).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toBeFocused();
});

test('Ctrl+F and "/" bring the focus back to the search box', async ({ popup }) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await page.getByRole('button', { name: 'Refresh', exact: true }).focus();

  await page.keyboard.press('Control+f');
  await expect(searchBox(page)).toBeFocused();
  await page.getByRole('button', { name: 'Refresh', exact: true }).focus();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('');
});

test('on a focused row: Ctrl+B copies the username, Ctrl+C the password unless text is selected, Shift+Enter opens the formats', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const target = required(proxiesOf(api, 'demo')[3], 'a 4th proxy').proxy;
  const title = titleOf(target);
  const row = await showProxy(page, target);
  await row.focus();
  await expect(row).toBeFocused();

  await page.keyboard.press('Control+b');
  await expect.poll(() => harness.clipboard.text).toBe(target.username);
  await expect(page.getByText(`Username of ${title} copied · clears in 30 s`)).toBeVisible();

  await page.keyboard.press('Control+c');
  await expect.poll(() => harness.clipboard.text).toBe(target.password);
  await expect(page.getByText(`Password of ${title} copied · clears in 30 s`)).toBeVisible();
  await expect(row).toBeFocused();

  // With text selected in the page, Ctrl+C is the browser's copy of that text: no password.
  harness.clipboard.userCopies('before');
  await row.evaluate((element) =>
    window.getSelection()?.selectAllChildren(element.querySelector('bdi') ?? element),
  );
  await row.focus();
  await page.keyboard.press('Control+c');
  await page.waitForTimeout(300);
  expect(harness.clipboard.text).toBe('before');
  await page.evaluate(() => window.getSelection()?.removeAllRanges());

  await row.focus();
  await page.keyboard.press('Shift+Enter');
  const menu = page.getByRole('menu', { name: 'Copy formats' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  // Shift+Enter opened the menu and copied nothing.
  expect(harness.clipboard.text).toBe('before');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
});
