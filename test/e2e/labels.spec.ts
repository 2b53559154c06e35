import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  proxyWhere,
  rowOf,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';

test.describe('labels', () => {
  test('a label edited in the popup reaches the service and survives a restart', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
    const title = titleOf(proxy);
    const row = await showProxy(page, proxy);

    await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
    const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });
    await expect(field).toBeFocused();
    await field.fill('Office Berlin');
    await field.press('Enter');

    await expect.poll(() => api.store.proxyState(proxy.id)?.label).toBe('Office Berlin');
    await expect(
      row.getByRole('button', { name: 'Copy Office Berlin', exact: true }),
    ).toBeVisible();
    await expect(row.getByText(`${proxy.ip}:${proxy.port}`)).toBeVisible();

    // Quit and start again over the same data dir and keychain: the service never returns
    // labels, so what comes back is the popup's own copy.
    await popup.restart();
    await expectPlansShown(page, plans);
    await searchBox(page).fill('office berlin');
    const after = rowOf(page, proxy.id);
    await expect(after).toBeVisible();
    await expect(
      after.getByRole('button', { name: 'Edit label for Office Berlin', exact: true }),
    ).toBeVisible();
  });

  test('Esc cancels a label edit without sending anything', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
    const title = titleOf(proxy);
    const row = await showProxy(page, proxy);

    await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
    const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });
    await field.fill('Not wanted');
    await field.press('Escape');

    await expect(field).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Copy ${title}`, exact: true })).toBeVisible();
    expect(api.requestLog.count({ method: 'PUT', path: '/proxies/update_label' })).toBe(0);
    expect(api.store.proxyState(proxy.id)?.label).toBeUndefined();
  });
});
