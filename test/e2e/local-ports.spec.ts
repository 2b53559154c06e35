import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../src/main/local-ports/free-port';
import type { Page } from '@playwright/test';
import type { Proxy } from '../../tools/reference-service/records';
import type { Harness } from '../../tools/preview/harness-server';
import { startEchoServer, type EchoServer } from '../../tools/local-network/echo-server';
import { startHttpProxyAccepting, type LocalServer } from '../../tools/local-network/proxy-servers';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  gatewayTitleOf,
  openControls,
  showProxy,
} from './support/popup-ui';

/** A plain proxy request for `url` to the local port, as an app without a login sends it. */
function statusThrough(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: url, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The demo account with one plan's proxies pointed at a real proxy on this computer (as the demo
 * does), and the IP echo on this computer: a local port has somewhere to forward to.
 */
test.describe('local ports', () => {
  let upstream: LocalServer;
  let echo: EchoServer;
  let proxy: Proxy;
  let harness: Harness;
  let page: Page;

  test.beforeEach(async ({ page: popupPage, api, launchHarness }) => {
    page = popupPage;
    const demo = accountOf(api, 'demo');
    const plan = demo.plans.find((candidate) => !candidate.is_blocked);
    const first = plan?.proxies[0];
    if (!plan || !first) throw new Error('No open demo plan with proxies');
    const logins = new Set(plan.proxies.map((each) => `${each.username}:${each.password}`));
    upstream = await startHttpProxyAccepting((pair) => logins.has(pair));
    echo = await startEchoServer();
    for (const each of plan.proxies) Object.assign(each, { ip: '127.0.0.1', port: upstream.port });
    proxy = first;
    harness = await launchHarness({ signInAs: 'demo' });
    harness.services.settings.update({ checkEchoUrl: echo.url('/') });
    await page.goto(harness.url);
    await expectPlansShown(page, demo.plans);
  });

  test.afterEach(async () => {
    await harness.close();
    await upstream.close();
    await echo.close();
  });

  test('a proxy’s local port: opened and copied from its controls, listed with its traffic, stopped', async () => {
    const row = await showProxy(page, proxy);
    await openControls(row);
    await row
      .getByRole('button', { name: `Open a local port for ${gatewayTitleOf(proxy)}`, exact: true })
      .click();
    // No password in the address: nothing secret, so it stays, and the toast promises no clear.
    const copiedToast = page
      .getByRole('status')
      .filter({ hasText: 'HTTP address of the local port of' });
    await expect(copiedToast).toBeVisible();
    await expect(copiedToast).not.toContainText('clears in');
    expect(harness.clipboard.concealed).toBe(false);
    const copied = new URL(harness.clipboard.text);
    expect(copied.protocol).toBe('http:');
    expect(copied.hostname).toBe('127.0.0.1');
    const port = Number(copied.port);

    // An app with no login at all reaches the web through it.
    expect(await statusThrough(port, echo.url('/'))).toBe(200);

    const section = page.getByRole('region', { name: 'Local ports', exact: true });
    await section.getByRole('button', { name: /^1 local port/ }).click();
    const entry = section.getByRole('listitem', {
      name: `127.0.0.1:${port} for ${gatewayTitleOf(proxy)}`,
    });
    // Counters are read once a second while the popup is shown.
    await expect(entry).toContainText(/0 open · [1-9]\d* in all · ↑ \d/);
    await entry
      .getByRole('button', { name: `Copy socks5://127.0.0.1:${port}`, exact: true })
      .click();
    await expect.poll(() => harness.clipboard.text).toBe(`socks5://127.0.0.1:${port}`);

    // One Tab stop a port, as a proxy's row: → among its buttons, Tab past the rest of them.
    const http = entry.getByRole('button', { name: `Copy http://127.0.0.1:${port}`, exact: true });
    await http.focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      entry.getByRole('button', { name: `Copy socks5://127.0.0.1:${port}`, exact: true }),
    ).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(
      entry.getByRole('button', { name: `Settings of 127.0.0.1:${port}`, exact: true }),
    ).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(http).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await entry.evaluate((item) => item.contains(document.activeElement))).toBe(false);

    await entry.getByRole('button', { name: `Stop 127.0.0.1:${port}`, exact: true }).click();
    await expect(section).toHaveCount(0);
    await expect(statusThrough(port, echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
  });

  test('a port’s settings: another number, and kept across a restart', async ({
    launchHarness,
  }) => {
    const row = await showProxy(page, proxy);
    await openControls(row);
    await row
      .getByRole('button', { name: `Open a local port for ${gatewayTitleOf(proxy)}`, exact: true })
      .click();
    await expect.poll(() => harness.clipboard.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const first = Number(new URL(harness.clipboard.text).port);
    const wanted = await findFreePort('127.0.0.1');

    const section = page.getByRole('region', { name: 'Local ports', exact: true });
    await section.getByRole('button', { name: /^1 local port/ }).click();
    await section
      .getByRole('button', { name: `Settings of 127.0.0.1:${first}`, exact: true })
      .click();
    const settings = section.getByRole('group', { name: `Settings of the local port ${first}` });
    await settings.getByRole('textbox', { name: 'Port', exact: true }).fill(String(wanted));
    await settings.getByRole('textbox', { name: 'Port', exact: true }).press('Enter');
    const entry = section.getByRole('listitem', {
      name: `127.0.0.1:${wanted} for ${gatewayTitleOf(proxy)}`,
    });
    await expect(entry).toBeVisible();
    await entry.getByRole('checkbox', { name: 'Keep across restarts', exact: true }).check();
    await expect(entry).toContainText('· kept');
    expect(await statusThrough(wanted, echo.url('/'))).toBe(200);

    await harness.close();
    await expect(statusThrough(wanted, echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
    harness = await launchHarness({ signInAs: 'demo' });
    await page.goto(harness.url);
    await section.getByRole('button', { name: /^1 local port/ }).click();
    await expect(entry).toContainText('· kept');
    expect(await statusThrough(wanted, echo.url('/'))).toBe(200);
  });

  test('a browser through a proxy: Chromium opens on the IP echo, through the proxy’s local port', async () => {
    const row = await showProxy(page, proxy);
    await openControls(row);
    await row
      .getByRole('button', { name: `Open a browser through ${gatewayTitleOf(proxy)}`, exact: true })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Chromium opened through 127\.0\.0\.1:\d+/ }),
    ).toBeVisible();
    // The echo page came through the port (and so through the proxy, with its login).
    await expect
      .poll(() => harness.services.localPorts.list()[0]?.stats.bytesDown ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(harness.services.localPorts.list()[0]?.proxyId).toBe(proxy.id);
  });

  test('a browser that exits at once is a failure with its exit code and its words, not "opened"', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'proxy-tray-browser-'));
    const browserPath = join(folder, 'browser');
    await writeFile(
      browserPath,
      "#!/bin/sh\necho 'Missing X server or $DISPLAY' >&2\necho 'bad flag' >&2\nexit 3\n",
      { mode: 0o755 },
    );
    try {
      harness.services.settings.update({ browserPath });
      const row = await showProxy(page, proxy);
      await openControls(row);
      await row
        .getByRole('button', {
          name: `Open a browser through ${gatewayTitleOf(proxy)}`,
          exact: true,
        })
        .click();
      const failure = page.getByRole('alert').filter({
        hasText:
          'the browser set in Settings exited at once (exit code 3). It said: Missing X server or $DISPLAY / bad flag',
      });
      await expect(failure).toBeVisible();
      // Named: which proxy's browser it was.
      await expect(failure).toContainText(gatewayTitleOf(proxy));
      await expect(page.getByText(/opened through/)).toHaveCount(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
