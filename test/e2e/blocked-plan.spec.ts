import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxyWhere,
  showProxy,
  titleOf,
} from './support/popup-ui';

test('a blocked plan’s rows offer no rotation controls, say why, and keep a label locally', async ({
  popup,
}) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const { proxy } = proxyWhere(api, 'demo', (e) => e.plan.is_blocked);
  const title = titleOf(proxy);
  const row = await showProxy(page, proxy);
  await openControls(row);

  // The service refuses rotation and interval changes to a blocked plan: none is offered.
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expect(row.getByRole('combobox')).toHaveCount(0);
  await expect(row.getByText(/· Plan is blocked$/)).toBeVisible();

  // A label is the user's own: it can be set, and stays when the service refuses it.
  await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
  const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });
  await field.fill('Old office');
  await field.press('Enter');
  // News, not a failure: a neutral status naming the proxy, and no alert.
  const kept = page.getByRole('status').filter({
    hasText:
      'Old office — Label kept on this computer: the service refused it because its plan is blocked.',
  });
  await expect(kept).toBeVisible();
  await expect(kept).toHaveClass(/\binfo\b/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Copy Old office', exact: true })).toBeVisible();
  expect(api.store.proxyState(proxy.id)?.label).toBeUndefined();
  // No message names a proxy by the id the popup never shows.
  await expect(
    page.locator('[role="alert"], [role="status"]').filter({ hasText: String(proxy.id) }),
  ).toHaveCount(0);
});
