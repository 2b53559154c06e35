import { request } from 'node:http';
import type { Locator, Page } from '@playwright/test';
import type { Plan, Proxy } from '../../tools/reference-service/records';
import type { Harness } from '../../tools/preview/harness-server';
import type { ApiServer } from '../../tools/reference-service/server';
import { startEchoServer, type EchoServer } from '../../tools/local-network/echo-server';
import {
  deadPort,
  startHttpProxyAccepting,
  type LocalServer,
} from '../../tools/local-network/proxy-servers';
import { findFreePort } from '../../src/main/local-ports/free-port';
import { PER_REQUEST_EXPLANATION, sessionHint } from '../../src/renderer/src/lib/pool-port-text';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  chooseOption,
  expectPlansShown,
  gatewayTitleOf,
  openControls,
  searchBox,
  showProxy,
} from './support/popup-ui';

/**
 * A plain proxy request for `url` to the pool port, as an app without a login sends it, or as
 * one that logs in as `username` (any password) to keep one exit.
 */
function statusThrough(port: number, url: string, username?: string): Promise<number> {
  const headers = username
    ? { 'proxy-authorization': `Basic ${Buffer.from(`${username}:any`).toString('base64')}` }
    : {};
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: url, agent: false, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

function localPortsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Local ports', exact: true });
}

/** The toast that says where a new pool is; its port, read from it. */
async function openedPoolPort(page: Page, title: string): Promise<number> {
  const toast = page.getByRole('status').filter({ hasText: /^Pool port 127\.0\.0\.1:\d+ opened/ });
  await expect(toast).toContainText(`(${title}): copy it from Local ports, above the plans`);
  const match = /127\.0\.0\.1:(\d+)/.exec((await toast.textContent()) ?? '');
  return Number(match?.[1]);
}

/**
 * The demo account with one plan's proxies pointed at a real proxy on this computer (as the demo
 * does), and the IP echo on this computer: a pool has somewhere to spread to. `dead`: that many of
 * the plan's last proxies point at a port that refuses instead.
 */
test.describe('pool ports', () => {
  let upstream: LocalServer;
  let echo: EchoServer;
  let plan: Plan;
  let harness: Harness;
  let page: Page;

  let api: ApiServer;

  async function start(
    launchHarness: (options: { signInAs: string }) => Promise<Harness>,
    dead = 0,
  ) {
    const demo = accountOf(api, 'demo');
    const open = demo.plans.find(
      (candidate) => !candidate.is_blocked && candidate.proxies.length >= 3,
    );
    if (!open) throw new Error('No open demo plan with three proxies');
    plan = open;
    const logins = new Set(plan.proxies.map((each) => `${each.username}:${each.password}`));
    upstream = await startHttpProxyAccepting((pair) => logins.has(pair));
    echo = await startEchoServer();
    const refusing = await deadPort();
    plan.proxies.forEach((each, index) => {
      const refuses = index >= plan.proxies.length - dead;
      Object.assign(each, { ip: '127.0.0.1', port: refuses ? refusing : upstream.port });
    });
    harness = await launchHarness({ signInAs: 'demo' });
    harness.services.settings.update({ checkEchoUrl: echo.url('/') });
    await page.goto(harness.url);
    await expectPlansShown(page, demo.plans);
  }

  test.beforeEach(({ page: popupPage, api: server }) => {
    page = popupPage;
    api = server;
  });

  test.afterEach(async () => {
    await harness.close();
    await upstream.close();
    await echo.close();
  });

  test('a plan’s pool port: opened from its actions, shown unfolded, copied, retuned, stopped', async ({
    launchHarness,
  }) => {
    await start(launchHarness);
    await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pool port for this plan', exact: true }).click();
    const port = await openedPoolPort(page, `Plan ${plan.name}`);
    // Opening copied nothing: the toast says where the address is instead.
    expect(harness.clipboard.text).toBe('');
    const [pool] = harness.services.pools.list();
    expect(pool?.source).toEqual({ kind: 'plan', planId: plan.id });
    expect(pool?.port).toBe(port);

    // The section unfolded on the new pool: its entry is there without a click.
    const section = localPortsSection(page);
    await expect(section.getByRole('button', { name: /^1 pool port · / })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const entry = section.getByRole('listitem', {
      name: `127.0.0.1:${port} pool for Plan ${plan.name}`,
    });
    await expect(entry).toContainText(`Pool · Round robin · ${plan.proxies.length} healthy`);

    // An app with no login reaches the web through it; the counters follow once a second.
    expect(await statusThrough(port, echo.url('/'))).toBe(200);
    await expect(entry).toContainText(/0 open · 1 in all · ↑ \d/);

    await entry.getByRole('button', { name: `Copy http://127.0.0.1:${port}`, exact: true }).click();
    await expect.poll(() => harness.clipboard.text).toBe(`http://127.0.0.1:${port}`);
    await entry
      .getByRole('button', { name: `Copy socks5://127.0.0.1:${port}`, exact: true })
      .click();
    await expect.poll(() => harness.clipboard.text).toBe(`socks5://127.0.0.1:${port}`);

    // One Tab stop a pool, as a port's: → among its buttons, Tab past the rest of them.
    const http = entry.getByRole('button', { name: `Copy http://127.0.0.1:${port}`, exact: true });
    await http.focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      entry.getByRole('button', { name: `Copy socks5://127.0.0.1:${port}`, exact: true }),
    ).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(http).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await entry.evaluate((item) => item.contains(document.activeElement))).toBe(false);

    await entry
      .getByRole('button', { name: `Settings and members of 127.0.0.1:${port}`, exact: true })
      .click();
    const settings = entry.getByRole('group', { name: `Settings of the pool port ${port}` });
    await chooseOption(settings.getByRole('combobox', { name: 'Strategy' }), 'Sticky');
    await expect.poll(() => harness.services.pools.list()[0]?.strategy).toBe('sticky');
    await expect(entry).toContainText('Pool · Sticky ·');

    // The switch says plainly what each position does.
    const perRequest = settings.getByRole('switch', { name: 'New upstream for each request' });
    await expect(perRequest).toHaveAccessibleDescription(PER_REQUEST_EXPLANATION);
    await expect(perRequest).not.toBeChecked();
    await perRequest.check();
    await expect.poll(() => harness.services.pools.list()[0]?.perRequest).toBe(true);
    await expect(entry).toContainText('· new upstream each request');

    await settings.getByRole('checkbox', { name: 'Keep across restarts', exact: true }).check();
    await expect.poll(() => harness.services.pools.list()[0]?.keep).toBe(true);
    await expect(entry).toContainText('· kept');
    await expect(settings).toContainText('Log in as session-<id> (any password) to keep one exit');

    // Every member, healthy, with what went through it: the one request went through one.
    const members = entry.getByRole('list', { name: `Members of 127.0.0.1:${port}` });
    await expect(members.getByRole('listitem')).toHaveCount(plan.proxies.length);
    for (const proxy of plan.proxies) {
      await expect(
        members.getByRole('listitem').filter({ hasText: gatewayTitleOf(proxy) }),
      ).toContainText('healthy');
    }
    await expect(members.getByRole('listitem').filter({ hasText: '1 in all' })).toHaveCount(1);

    // An app that logs in as a session holds one member's session, said on that member.
    expect(await statusThrough(port, echo.url('/'), 'session-shop')).toBe(200);
    await expect(members.getByRole('listitem').filter({ hasText: '· 1 session' })).toHaveCount(1);

    await entry.getByRole('button', { name: `Stop 127.0.0.1:${port}`, exact: true }).click();
    await expect(section).toHaveCount(0);
    expect(harness.services.pools.list()).toEqual([]);
    await expect(statusThrough(port, echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
  });

  test('a pool’s number and password: moved to another number, then asking for its password', async ({
    launchHarness,
  }) => {
    await start(launchHarness);
    await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pool port for this plan', exact: true }).click();
    const first = await openedPoolPort(page, `Plan ${plan.name}`);
    const wanted = await findFreePort('127.0.0.1');
    const section = localPortsSection(page);
    await section
      .getByRole('button', { name: `Settings and members of 127.0.0.1:${first}`, exact: true })
      .click();
    const field = section
      .getByRole('group', { name: `Settings of the pool port ${first}` })
      .getByRole('textbox', { name: 'Port', exact: true });
    await field.fill('70000');
    await field.press('Enter');
    await expect(section.getByRole('alert')).toHaveText(
      'A port is a whole number from 1 to 65535.',
    );
    await field.fill(String(wanted));
    await field.press('Enter');
    const entry = section.getByRole('listitem', {
      name: `127.0.0.1:${wanted} pool for Plan ${plan.name}`,
    });
    await expect(entry).toBeVisible();
    expect(await statusThrough(wanted, echo.url('/'))).toBe(200);
    await expect(statusThrough(first, echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);

    const settings = entry.getByRole('group', { name: `Settings of the pool port ${wanted}` });
    await settings.getByRole('checkbox', { name: 'Require a password', exact: true }).check();
    await expect.poll(() => harness.services.pools.list()[0]?.requiresPassword).toBe(true);
    await expect(settings).toContainText(sessionHint(true));
    expect(await statusThrough(wanted, echo.url('/'))).toBe(407);
    await settings.getByRole('checkbox', { name: 'Require a password', exact: true }).uncheck();
    await expect.poll(() => harness.services.pools.list()[0]?.requiresPassword).toBe(false);
    expect(await statusThrough(wanted, echo.url('/'))).toBe(200);
  });

  test('a search’s pool port: over the proxies it finds, named by the search', async ({
    launchHarness,
  }) => {
    await start(launchHarness);
    await searchBox(page).fill('127.0.0.1');
    const count = plan.proxies.length;
    await page.getByRole('button', { name: 'Actions for the search results', exact: true }).click();
    await page.getByRole('menuitem', { name: `Pool port for these ${count}`, exact: true }).click();
    const port = await openedPoolPort(page, 'Search “127.0.0.1”');
    const [pool] = harness.services.pools.list();
    // The search is kept, not its result: the pool follows the listing as it changes.
    expect(pool?.source).toEqual({ kind: 'search', query: '127.0.0.1' });
    expect(pool?.memberCount).toBe(count);
    expect(await statusThrough(port, echo.url('/'))).toBe(200);
    await expect(
      localPortsSection(page).getByRole('listitem', {
        name: `127.0.0.1:${port} pool for Search “127.0.0.1”`,
      }),
    ).toContainText(`${count} healthy`);
  });

  test('the pinned proxies’ pool port: opened from “Pinned & recent”', async ({
    launchHarness,
  }) => {
    await start(launchHarness);
    const [first] = plan.proxies as [Proxy, ...Proxy[]];
    const row = await openControls(await showProxy(page, first));
    await row.getByRole('button', { name: `Pin ${gatewayTitleOf(first)}`, exact: true }).click();
    await searchBox(page).fill('');
    const pinned = page.getByRole('region', { name: 'Pinned & recent', exact: true });
    await pinned.getByRole('button', { name: '1 pinned', exact: true }).click();
    await pinned.getByRole('button', { name: 'Pool port for the pinned', exact: true }).click();
    const port = await openedPoolPort(page, 'Pinned proxies');
    const [pool] = harness.services.pools.list();
    expect(pool?.source).toEqual({ kind: 'pinned' });
    expect(pool?.memberCount).toBe(1);
    expect(await statusThrough(port, echo.url('/'))).toBe(200);
  });

  test('a member that refuses is benched, until when and why, while every request gets through', async ({
    launchHarness,
  }) => {
    await start(launchHarness, 1);
    const refusing = plan.proxies.at(-1) as Proxy;
    await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Pool port for this plan', exact: true }).click();
    const port = await openedPoolPort(page, `Plan ${plan.name}`);
    // Round robin comes to the refusing member within a round; the pool retries elsewhere.
    for (const _ of plan.proxies) expect(await statusThrough(port, echo.url('/'))).toBe(200);

    const entry = localPortsSection(page).getByRole('listitem', {
      name: `127.0.0.1:${port} pool for Plan ${plan.name}`,
    });
    await expect(entry).toContainText(`${plan.proxies.length - 1} healthy · 1 benched`);
    await entry
      .getByRole('button', { name: `Settings and members of 127.0.0.1:${port}`, exact: true })
      .click();
    const members = entry.getByRole('list', { name: `Members of 127.0.0.1:${port}` });
    // The benched first: what needs a look is at the top.
    const benched = members.getByRole('listitem').first();
    const [view] = harness.services.pools.list();
    const member = view?.members.find((each) => each.proxyId === refusing.id);
    // Alone at its address, the refusing proxy is named by it.
    expect(member?.title).toBe(`127.0.0.1:${refusing.port}`);
    expect(member?.benched?.reason).toBeTruthy();
    await expect(benched).toContainText(`127.0.0.1:${refusing.port}`);
    await expect(benched).toContainText(/benched until \d\d:\d\d:\d\d: /);
    await expect(benched).toContainText(`: ${member?.benched?.reason ?? ''}`);
  });
});
