import type { Locator, Page } from '@playwright/test';
import {
  COPY_FORMATS,
  DEFAULT_CUSTOM_TEMPLATE,
  formatCredentials,
  type CopyFormat,
  type HostChoice,
} from '../../src/shared/credentials';
import type { Proxy } from '../api-server/records';
import type { Harness } from '../harness/harness-server';
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
    await expect(page.getByText('Copied — clipboard clears in 30 s')).toBeVisible();
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
  const ipv6 = menu.getByRole('radio', { name: HOST_OPTION.ipv6 });
  await expect(ipv6).toBeDisabled();
  await expect(menu.getByRole('radiogroup', { name: 'Host' })).toContainText(
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
