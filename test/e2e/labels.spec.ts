import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  controlsOfAnOpenProxy,
  expectPlansShown,
  openControls,
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
    await openControls(row);

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
    await openControls(after);
    await expect(after).toBeVisible();
    await expect(
      after.getByRole('button', { name: 'Edit label for Office Berlin', exact: true }),
    ).toBeVisible();
  });

  test('Esc cancels a label edit without sending anything', async ({ popup }) => {
    const { page, api } = popup;
    const { proxy, title, row } = await controlsOfAnOpenProxy(page, api);

    await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
    const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });
    await field.fill('Not wanted');
    await field.press('Escape');

    await expect(field).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Copy ${title}`, exact: true })).toBeVisible();
    expect(api.requestLog.count({ method: 'PUT', path: '/proxies/update_label' })).toBe(0);
    expect(api.store.proxyState(proxy.id)?.label).toBeUndefined();
  });

  test('a label near the limit shows a counter; one past it is refused in words, never cut', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const { proxy, title, row } = await controlsOfAnOpenProxy(page, api);
    await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
    const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });

    // A paste of 1,204 characters stays whole in the field: nothing is cut silently.
    const tooLong = 'x'.repeat(1204);
    await field.fill(tooLong);
    await expect(field).toHaveValue(tooLong);
    await expect(row.getByText('1204 / 1000', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.press('Enter');
    await expect(
      page.getByText('The label is 204 characters too long: labels hold at most 1000.'),
    ).toBeVisible();
    // Still editing, to shorten it; nothing went to the service.
    await expect(field).toBeFocused();
    expect(api.requestLog.count({ method: 'PUT', path: '/proxies/update_label' })).toBe(0);

    // Emoji count as one character each, as the main process counts them.
    await field.fill('🛰️'.repeat(950));
    await expect(row.getByText('950 / 1000', { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await field.fill('x'.repeat(950));
    await field.press('Enter');
    await expect.poll(() => api.store.proxyState(proxy.id)?.label).toBe('x'.repeat(950));
  });
});
