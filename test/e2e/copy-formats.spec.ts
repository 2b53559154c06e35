import type { Locator, Page } from '@playwright/test';
import {
  COPY_FORMATS,
  DEFAULT_CUSTOM_TEMPLATE,
  formatCredentials,
  type CopyFormat,
  type HostChoice,
} from '../../src/shared/credentials';
import type { Proxy } from '../../tools/reference-service/records';
import type { Harness } from '../../tools/preview/harness-server';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  proxyWhere,
  required,
  showProxy,
  titleOf,
} from './support/popup-ui';

// The contract names the host options "Entry address / Assigned IPv4 / Assigned IPv6" while the
// shared HOST_CHOICES labels add "(ip)" / "address": either wording is accepted, by its start.
const HOST_OPTION: Record<HostChoice, RegExp> = {
  entry: /^Entry address/,
  ipv4: /^Assigned IPv4/,
  ipv6: /^Assigned IPv6/,
};

/** A password a naive formatter would break: URL forms must percent-encode it. */
const awkwardPassword = (proxy: Proxy) => /[@:/%#?&+=]/.test(proxy.password);

async function copyThroughMenu(
  page: Page,
  harness: Harness,
  title: string,
  format: CopyFormat,
  host: HostChoice,
): Promise<void> {
  harness.clipboard.userCopies('');
  await page.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await chooseHost(menu, HOST_OPTION[host]);
  const label = required(
    COPY_FORMATS.find((info) => info.id === format),
    format,
  ).label;
  await menu.getByRole('menuitem', { name: label, exact: true }).click();
}

async function chooseHost(menu: Locator, name: RegExp): Promise<void> {
  // "a radio group Host" inside a menu: plain radios or ARIA menuitemradios both fit.
  const group = menu
    .getByRole('radiogroup', { name: 'Host' })
    .or(menu.getByRole('group', { name: 'Host' }));
  await expect(group).toBeVisible();
  const option = group.getByRole('radio', { name }).or(group.getByRole('menuitemradio', { name }));
  await option.click();
  await expect(option).toBeChecked();
}

test.describe('copying credentials', () => {
  test('the Copy button copies in the default format and says when the clipboard clears', async ({
    popup,
  }) => {
    const { page, api, harness } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(api, 'demo', ({ proxy }) => awkwardPassword(proxy));
    const row = await showProxy(page, proxy);

    await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();

    await expect
      .poll(() => harness.clipboard.text)
      .toBe(formatCredentials(proxy, { format: 'ip-port-user-pass', hostChoice: 'entry' }));
    // The toast names what was copied, and counts down to the clear.
    const title = titleOf(proxy);
    await expect(
      page.getByText(`ip:port:username:password of ${title} copied · clears in 30 s`),
    ).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^ip:port:username:password of .* copied · clears in 2[0-8] s$`)),
    ).toBeVisible();
  });

  test('"Clipboard cleared" when the clipboard was cleared, and not when the user copied since', async ({
    popup,
  }) => {
    const { page, api, harness } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    await harness.services.settings.update({ clipboardClearSeconds: 2 });
    const { proxy } = proxyWhere(api, 'demo', () => true);
    const row = await showProxy(page, proxy);
    const copy = row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true });
    const cleared = page.getByText('Clipboard cleared', { exact: true });

    await copy.click();
    await expect(page.getByText(/copied · clears in 2 s$/)).toBeVisible();
    await expect(page.getByText(/copied · clears in 1 s$/)).toBeVisible();
    await expect(cleared).toBeVisible();
    expect(harness.clipboard.text).toBe('');
    await expect(page.getByText(/copied · clears in/)).toHaveCount(0);
    await expect(cleared).toHaveCount(0);

    await copy.click();
    await expect(page.getByText(/copied · clears in 2 s$/)).toBeVisible();
    harness.clipboard.userCopies('a shopping list');
    await expect(page.getByText(/copied · clears in/)).toHaveCount(0, { timeout: 4000 });
    // The guard's timer has run by now (same delay): it left the user's text, and said nothing.
    await page.waitForTimeout(500);
    expect(harness.clipboard.text).toBe('a shopping list');
    await expect(cleared).toHaveCount(0);
  });

  test('the format menu copies every format, each equal to formatCredentials', async ({
    popup,
  }) => {
    const { page, api, harness } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(api, 'demo', ({ proxy }) => awkwardPassword(proxy));
    await showProxy(page, proxy);

    for (const { id } of COPY_FORMATS) {
      await copyThroughMenu(page, harness, titleOf(proxy), id, 'entry');
      const expected = formatCredentials(proxy, {
        format: id,
        hostChoice: 'entry',
        template: DEFAULT_CUSTOM_TEMPLATE,
      });
      await expect.poll(() => harness.clipboard.text, { message: `format ${id}` }).toBe(expected);
    }
  });

  test('the Host choice puts the assigned IPv4 or IPv6 address in the copy', async ({ popup }) => {
    const { page, api, harness } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(api, 'demo', ({ proxy }) => awkwardPassword(proxy));
    await showProxy(page, proxy);
    const cases: [CopyFormat, HostChoice][] = [
      ['ip-port-user-pass', 'ipv4'],
      ['ip-port-user-pass', 'ipv6'],
      ['http-url', 'ipv6'],
      ['socks5-url', 'ipv4'],
      ['user-pass-at-ip-port', 'entry'],
    ];

    for (const [format, hostChoice] of cases) {
      await copyThroughMenu(page, harness, titleOf(proxy), format, hostChoice);
      const expected = formatCredentials(proxy, { format, hostChoice });
      await expect
        .poll(() => harness.clipboard.text, { message: `${format} / ${hostChoice}` })
        .toBe(expected);
    }
    // An IPv6 host in a URL needs brackets; the formatter adds them and the copy must keep them.
    expect(formatCredentials(proxy, { format: 'http-url', hostChoice: 'ipv6' })).toContain(
      `[${proxy.assigned_proxy_ipv6}]`,
    );
  });
});

test('a menu closes on a click anywhere else, and only then', async ({ popup }) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const plan = required(plans[0], 'a demo plan');
  await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
  const menu = page.getByRole('menu', { name: `Actions for ${plan.name}`, exact: true });
  await expect(menu).toBeVisible();
  // A click inside the open menu (on its warning text) keeps it open.
  await menu.getByText('passwords in plain text', { exact: false }).click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 2, name: plan.name, exact: true }).click();
  await expect(menu).toHaveCount(0);
});

test('a proxy without an assigned IPv6 address shows "none" there and copies its entry address', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
  // The service sends no IPv6 address for this proxy (an IPv4-only plan, as many providers write it).
  const listing = structuredClone(accountOf(api, 'demo').plans).map((plan) => ({
    ...plan,
    proxies: plan.proxies.map((p) => (p.id === proxy.id ? { ...p, assigned_proxy_ipv6: null } : p)),
  }));
  api.faults.add({ path: '/users/plans', status: 200, body: listing, times: 10 });
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect.poll(() => api.requestLog.count({ path: '/users/plans' })).toBeGreaterThan(1);

  const title = titleOf(proxy);
  await showProxy(page, proxy);
  await page.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
  const menu = page.getByRole('menu');
  const ipv6 = menu.getByRole('menuitemradio', { name: HOST_OPTION.ipv6 });
  await expect(ipv6).toBeDisabled();
  await expect(menu.getByRole('group', { name: 'Host' })).toContainText(
    /Assigned IPv6 address\s*none/,
  );
  await page.keyboard.press('Escape');

  // With "Assigned IPv6" as the default host, the copy falls back to the entry address.
  await harness.services.settings.update({ hostChoice: 'ipv6', copyFormat: 'ip-port-user-pass' });
  harness.clipboard.userCopies('');
  await page.getByRole('button', { name: `Copy ${title}`, exact: true }).click();
  await expect
    .poll(() => harness.clipboard.readText())
    .toBe(`${proxy.ip}:${proxy.port}:${proxy.username}:${proxy.password}`);
});

test.describe('the format menu', () => {
  test('per-field items copy one field, and the toast names what was copied', async ({ popup }) => {
    const { page, api, harness } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(api, 'demo', ({ proxy }) => awkwardPassword(proxy));
    const title = titleOf(proxy);
    await showProxy(page, proxy);
    const openMenu = async () => {
      await page.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
      return page.getByRole('menu', { name: 'Copy formats' });
    };

    let menu = await openMenu();
    await menu.getByRole('menuitem', { name: 'Password', exact: true }).click();
    await expect.poll(() => harness.clipboard.text).toBe(proxy.password);
    await expect(page.getByText(`Password of ${title} copied · clears in 30 s`)).toBeVisible();

    menu = await openMenu();
    await menu.getByRole('menuitem', { name: 'Username', exact: true }).click();
    await expect.poll(() => harness.clipboard.text).toBe(proxy.username);
    // One countdown at a time: the newer copy's replaces the older.
    await expect(page.getByText(`Username of ${title} copied · clears in 30 s`)).toBeVisible();
    await expect(page.getByText(`Password of ${title} copied`, { exact: false })).toHaveCount(0);

    // The host alone, as the host choice says: an IPv6 address without brackets.
    menu = await openMenu();
    await chooseHost(menu, HOST_OPTION.ipv6);
    await menu.getByRole('menuitem', { name: 'Host', exact: true }).click();
    await expect.poll(() => harness.clipboard.text).toBe(proxy.assigned_proxy_ipv6);
    // Not the entry address the row shows: the toast names the one it pasted.
    const ipv6 = `with its assigned IPv6 ${proxy.assigned_proxy_ipv6}`;
    await expect(page.getByText(`Host of ${title} copied ${ipv6} · clears in 30 s`)).toBeVisible();

    menu = await openMenu();
    await menu.getByRole('menuitem', { name: 'SOCKS5 proxy URL', exact: true }).click();
    await expect(
      page.getByText(`SOCKS5 proxy URL of ${title} copied ${ipv6} · clears in 30 s`),
    ).toBeVisible();
  });

  test('the host choice is remembered per plan: across closing the menu, Copy, and a restart', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const [first, second] = plans.filter((plan) => !plan.is_blocked && plan.proxies.length > 0);
    const proxy = required(first?.proxies[0], 'a proxy of an open plan');
    const neighbour = required(first?.proxies[1], 'a second proxy of that plan');
    const other = required(second?.proxies[0], 'a proxy of another plan');
    const hostItem = (choice: HostChoice) =>
      page.getByRole('menu').getByRole('menuitemradio', { name: HOST_OPTION[choice] });
    const openMenuOf = async (of: Proxy) => {
      await showProxy(page, of);
      await page
        .getByRole('button', { name: `Copy formats for ${titleOf(of)}`, exact: true })
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
    };

    await openMenuOf(proxy);
    await expect(hostItem('entry')).toBeChecked();
    await hostItem('ipv6').click();
    await expect(hostItem('ipv6')).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await openMenuOf(proxy);
    await expect(hostItem('ipv6')).toBeChecked();
    await page.keyboard.press('Escape');
    // The plan's other proxies follow the same choice; another plan keeps the default.
    await openMenuOf(neighbour);
    await expect(hostItem('ipv6')).toBeChecked();
    await page.keyboard.press('Escape');
    await openMenuOf(other);
    await expect(hostItem('entry')).toBeChecked();
    await page.keyboard.press('Escape');

    // The Copy button of that plan's proxies uses it too.
    const harness = popup.harness;
    const row = await showProxy(page, neighbour);
    await row.getByRole('button', { name: `Copy ${titleOf(neighbour)}`, exact: true }).click();
    await expect
      .poll(() => harness.clipboard.text)
      .toBe(formatCredentials(neighbour, { format: 'ip-port-user-pass', hostChoice: 'ipv6' }));

    await popup.restart();
    await expectPlansShown(page, plans);
    await openMenuOf(proxy);
    await expect(hostItem('ipv6')).toBeChecked();
  });

  test('previews show the row’s own values with the password masked, in valid menu roles', async ({
    popup,
  }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(
      api,
      'demo',
      ({ proxy }) => awkwardPassword(proxy) && /^[a-z0-9_.-]+$/i.test(proxy.username),
    );
    const title = titleOf(proxy);
    await showProxy(page, proxy);
    await page.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
    const menu = page.getByRole('menu', { name: 'Copy formats' });
    const preview = (id: string) => menu.locator(`[data-preview="${id}"]`);

    await expect(preview('ip-port-user-pass')).toHaveText(
      `${proxy.ip}:${proxy.port}:${proxy.username}:••••••`,
    );
    await expect(preview('socks5-url')).toHaveText(
      `socks5://${proxy.username}:••••••@${proxy.ip}:${proxy.port}`,
    );
    await expect(preview('host')).toHaveText(proxy.ip);
    await expect(preview('port')).toHaveText(String(proxy.port));
    await expect(preview('username')).toHaveText(proxy.username);
    await expect(preview('password')).toHaveText('••••••');

    // The host choice changes the previews; an IPv6 host is bracketed before a port, not alone.
    await chooseHost(menu, HOST_OPTION.ipv6);
    const ipv6 = required(proxy.assigned_proxy_ipv6, 'an assigned IPv6 address');
    await expect(preview('ip-port-user-pass')).toHaveText(
      `[${ipv6}]:${proxy.port}:${proxy.username}:••••••`,
    );
    await expect(preview('host')).toHaveText(ipv6);

    // No password reaches the page; ARIA menus hold no radiogroup.
    expect(await menu.textContent()).not.toContain(proxy.password);
    await expect(menu.getByRole('radiogroup')).toHaveCount(0);
    await expect(menu.getByRole('group', { name: 'Copy one field' })).toBeVisible();
    await expect(menu.getByRole('menuitemradio')).toHaveCount(3);
  });

  test('on the last row of the list the menu opens upward, above its row, inside the window', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const list = page.locator('[data-menu-bounds]');
    await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
    // The last proxy of the last plan, once the virtual list has drawn the rows scrolled to (a
    // row measured before that is replaced under the click).
    const last = required(plans.at(-1)?.proxies.at(-1), 'the last proxy');
    const row = page.locator(`[data-proxy-id="${last.id}"]`);
    await expect(row).toBeInViewport();
    await row.getByRole('button', { name: /^Copy formats for / }).click();
    const menu = page.getByRole('menu', { name: 'Copy formats' });
    await expect(menu).toBeVisible();
    // Not held inside the list: a menu taller than the list's part of the window may rise over
    // the search and header (the copy menu's Host section was below the list's fold).
    const menuBox = required(await menu.boundingBox(), 'the menu’s box');
    const rowBox = required(await row.boundingBox(), 'the row’s box');
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(rowBox.y);
    await expect(menu).toBeInViewport({ ratio: 1 });
  });
});
