import { expect, test } from './support/popup-fixtures';
import { SIGNED_IN_STATES } from './support/popup-states';
import { controlsOfAnOpenProxy, required, resultCount, searchBox } from './support/popup-ui';

// A row's controls open in the window's top layer, as a popover: a press outside them closes
// them, as one outside a menu does, and the keyboard goes on from the row.

test('a press inside the controls keeps them open; one on empty space closes them, the row keeps the focus', async ({
  popup,
}) => {
  const { page, api } = popup;
  const { title, row } = await controlsOfAnOpenProxy(page, api);
  const controls = row.getByRole('group', { name: `Settings of ${title}`, exact: true });

  // On the panel between its controls, then on one of them.
  const box = await controls.boundingBox();
  if (!box) throw new Error('The controls have no box');
  await page.mouse.click(box.x + 2, box.y + 2);
  await expect(controls).toBeVisible();
  await controls.getByRole('button', { name: `Show password for ${title}`, exact: true }).click();
  await expect(controls).toBeVisible();

  // The count above the list: nothing there takes the focus, so the row keeps it.
  await resultCount(page).click();
  await expect(controls).toHaveCount(0);
  await expect(row).toBeFocused();
  // Its keys work at once: the context-menu key opens the controls again.
  await page.keyboard.press('ContextMenu');
  await expect(controls).toBeVisible();

  // An empty part of the header.
  const header = page.getByRole('banner');
  const headerBox = await header.boundingBox();
  if (!headerBox) throw new Error('The header has no box');
  await page.mouse.click(headerBox.x + headerBox.width / 2, headerBox.y + 2);
  await expect(controls).toHaveCount(0);
  await expect(row).toBeFocused();
});

test('a press on another control closes the controls and gives that control the focus', async ({
  popup,
}) => {
  const { page, api } = popup;
  const { title, row } = await controlsOfAnOpenProxy(page, api);
  const controls = row.getByRole('group', { name: `Settings of ${title}`, exact: true });
  await searchBox(page).click();
  await expect(controls).toHaveCount(0);
  await expect(searchBox(page)).toBeFocused();
});

test('a press on a label outside them gives the focus to its control', async ({ popup }) => {
  const { page, api } = popup;
  await required(SIGNED_IN_STATES['local-ports'], 'the local ports state')(page, api);
  const keep = page.getByRole('checkbox', { name: 'Keep across restarts', exact: true });
  const more = page.getByRole('button', { name: /^More for / }).first();
  await more.click();
  const controls = page.getByRole('group', { name: /^Settings of (?!the local port)/ });
  await expect(controls).toBeVisible();
  await page.getByText('Keep across restarts', { exact: true }).click();
  await expect(controls).toHaveCount(0);
  await expect(keep).toBeFocused();
});
