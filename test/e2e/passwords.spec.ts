import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  fieldText,
  openControls,
  pageHolds,
  proxiesOf,
  required,
  showProxy,
  titleOf,
} from './support/popup-ui';

test('passwords are not in the DOM until "Show password", and leave it on "Hide password"', async ({
  popup,
}) => {
  const { page, api } = popup;
  const entries = proxiesOf(api, 'demo');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  for (const { proxy } of entries) {
    expect(await pageHolds(page, proxy.password), `password of ${proxy.username}`).toBe(false);
  }

  const { proxy } = required(entries[3], 'a 4th proxy');
  const title = titleOf(proxy);
  const row = await showProxy(page, proxy);
  await openControls(row);
  expect(await pageHolds(page, proxy.password)).toBe(false);
  await expect(page.getByLabel(`Password for ${title}`, { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: `Show password for ${title}`, exact: true }).click();
  const revealed = page.getByLabel(`Password for ${title}`, { exact: true });
  await expect(revealed).toBeVisible();
  expect(await fieldText(revealed)).toBe(proxy.password);
  expect(await pageHolds(page, proxy.password)).toBe(true);
  // Only that one proxy's password.
  for (const other of entries.filter((entry) => entry.proxy.id !== proxy.id)) {
    expect(await pageHolds(page, other.proxy.password)).toBe(false);
  }

  await row.getByRole('button', { name: `Hide password for ${title}`, exact: true }).click();
  await expect(revealed).toHaveCount(0);
  expect(await pageHolds(page, proxy.password)).toBe(false);
});
