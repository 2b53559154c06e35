import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  controlsOfAnOpenProxy,
  chooseOption,
  expectPlansShown,
  openControls,
  proxyWhere,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';

test.describe('rotation', () => {
  test('the switch turns rotation on and off at the service', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked && !e.proxy.is_rotating);
    const title = titleOf(proxy);
    const row = await showProxy(page, proxy);
    await openControls(row);
    const toggle = row.getByRole('switch', { name: `Rotation for ${title}`, exact: true });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    await toggle.click();
    await expect.poll(() => api.store.proxyState(proxy.id)?.is_rotating).toBe(true);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toggle).toBeEnabled();

    await toggle.click();
    await expect.poll(() => api.store.proxyState(proxy.id)?.is_rotating).toBe(false);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(api.requestLog.count({ method: 'PUT', path: '/proxies/update_rotation' })).toBe(2);
  });

  test('a preset interval reaches the service', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(
      api,
      'demo',
      (e) => !e.plan.is_blocked && e.proxy.rotate_interval !== 600,
    );
    const title = titleOf(proxy);
    const row = await showProxy(page, proxy);
    await openControls(row);

    await chooseOption(
      row.getByRole('combobox', { name: `Rotation interval for ${title}`, exact: true }),
      '10 min',
    );

    await expect.poll(() => api.store.proxyState(proxy.id)?.rotate_interval).toBe(600);
  });

  test('a custom interval in human units reaches the service; an invalid one is refused inline', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const { proxy, title, row } = await controlsOfAnOpenProxy(page, api);
    const before = proxy.rotate_interval;
    const picker = row.getByRole('combobox', {
      name: `Rotation interval for ${title}`,
      exact: true,
    });

    await chooseOption(picker, 'Custom…');
    const field = row.getByRole('textbox', { name: `Custom interval for ${title}`, exact: true });
    await expect(field).toBeFocused();
    const setInterval = row.getByRole('button', { name: 'Set interval', exact: true });

    await field.fill('0');
    await setInterval.click();
    await expect(row.getByRole('alert')).toContainText('90 s, 5 min or 2 h');
    expect(api.store.proxyState(proxy.id)?.rotate_interval).toBe(before);
    expect(api.requestLog.count({ method: 'PUT', path: '/proxies/update_rotate_interval' })).toBe(
      0,
    );

    await field.fill('2 h');
    await field.press('Enter');
    await expect.poll(() => api.store.proxyState(proxy.id)?.rotate_interval).toBe(7_200);
    // Closed once saved; the picker shows the value in effect, in hours, and no editor stays.
    await expect(field).toHaveCount(0);
    await expect(row.getByRole('alert')).toHaveCount(0);
    await expect(picker.locator('option:checked')).toHaveText('2 h');
  });

  test('a typed interval left by a click elsewhere is dropped, and the old value shows', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const { proxy, title, row } = await controlsOfAnOpenProxy(page, api);
    const before = proxy.rotate_interval;
    const picker = row.getByRole('combobox', {
      name: `Rotation interval for ${title}`,
      exact: true,
    });

    await chooseOption(picker, 'Custom…');
    const field = row.getByRole('textbox', { name: `Custom interval for ${title}`, exact: true });
    await field.fill('45 min');
    // A click elsewhere closes the row's controls, and the editor with them.
    await searchBox(page).click();
    await expect(field).toHaveCount(0);
    await openControls(row);
    expect(await picker.inputValue()).toBe(String(before));

    await chooseOption(picker, 'Custom…');
    await field.fill('45 min');
    await field.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(picker).toBeFocused();
    expect(await picker.inputValue()).toBe(String(before));
    expect(api.requestLog.count({ method: 'PUT', path: '/proxies/update_rotate_interval' })).toBe(
      0,
    );
  });

  test('a change the service refuses rolls back and says why', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    // The plan was blocked after the listing: the service refuses the change with 403.
    const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
    const title = titleOf(proxy);
    const row = await showProxy(page, proxy);
    await openControls(row);
    api.faults.add({
      method: 'PUT',
      path: '/proxies/update_rotation',
      status: 403,
      body: { detail: 'Plan is blocked' },
    });
    const toggle = row.getByRole('switch', { name: `Rotation for ${title}`, exact: true });
    const was = String(proxy.is_rotating);

    await toggle.click();

    const toast = page.getByRole('alert').filter({ hasText: 'Plan is blocked' });
    await expect(toast).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', was);
    expect(api.store.proxyState(proxy.id)?.is_rotating).toBe(proxy.is_rotating);

    // An error stays until it is dismissed.
    await toast.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(toast).toHaveCount(0);
  });
});

test('a change in flight shows as pending until the service answers', async ({ popup }) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked && !e.proxy.is_rotating);
  const row = await showProxy(page, proxy);
  await openControls(row);
  const toggle = row.getByRole('switch', { name: `Rotation for ${titleOf(proxy)}`, exact: true });
  api.faults.add({ method: 'PUT', path: '/proxies/update_rotation', latencyMs: 1_500 });

  await toggle.click();

  await expect(toggle).toHaveAttribute('aria-busy', 'true');
  await expect(toggle).toBeDisabled();
  await expect.poll(() => api.store.proxyState(proxy.id)?.is_rotating).toBe(true);
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
});
