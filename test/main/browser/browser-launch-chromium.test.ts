import { chromium } from '@playwright/test';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BrowserLauncher } from '../../../src/main/browser/browser-launcher';
import { chromiumChoice, requireChromium } from '../../e2e/support/chromium';
import { pidGone, processesNaming } from './browser-processes';
import { until } from '../local-ports/until';
import { startRecordingProxy, type RecordingProxy } from './browser-recording-proxy';

// The real Chromium (Debian's /usr/bin/chromium, apt package "chromium") started by the launcher
// through a local recording proxy. A missing browser fails here, saying how to install it.

const choice = chromiumChoice();
const CHROMIUM = choice.kind === 'path' ? choice.path : chromium.executablePath();

/** What a machine without a display (and, as root, without a sandbox) needs. */
const HEADLESS_ARGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

let profilesDir: string;
let launcher: BrowserLauncher;
const proxies: RecordingProxy[] = [];

async function proxy(): Promise<RecordingProxy> {
  const started = await startRecordingProxy();
  proxies.push(started);
  return started;
}

/**
 * A local IP echo the recording proxy answers for without forwarding: a request that reached the
 * echo itself went around the proxy (`directHits` must stay empty).
 */
let echo: { port: number; directHits: string[]; close(): Promise<void> };

function echoUrl(name: string): string {
  return `http://127.0.0.1:${echo.port}/ip-echo/${name}`;
}

async function startEcho(): Promise<typeof echo> {
  const directHits: string[] = [];
  const server = createServer((request, response) => {
    directHits.push(request.url ?? '');
    response.end('198.51.100.1\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    directHits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function launch(
  through: RecordingProxy,
  startUrl: string,
  options: { proxyName?: string; keepProfile?: boolean } = {},
) {
  return launcher.launch({
    browser: { path: CHROMIUM, kind: 'chromium' },
    proxyUrl: through.url,
    startUrl,
    proxyName: options.proxyName ?? 'gate.example.net:8000',
    keepProfile: options.keepProfile ?? false,
    proxyLoopback: true,
    extraArgs: HEADLESS_ARGS,
  });
}

async function expectAllGone(pid: number, profileDir: string): Promise<void> {
  expect(pidGone(pid)).toBe(true);
  // A process killed with SIGKILL stays listed for the few ms the system takes to tear it down
  // (seen: a renderer still in /proc right after close() resolved, on a loaded machine).
  await until(() => processesNaming(profileDir).length === 0, 2_000).catch(() => {});
  expect(processesNaming(profileDir)).toEqual([]);
}

beforeAll(() => requireChromium(choice));

beforeEach(async () => {
  echo = await startEcho();
  profilesDir = await mkdtemp(join(tmpdir(), 'proxy-tray-browser-'));
  launcher = new BrowserLauncher({ profilesDir });
});

afterEach(async () => {
  await launcher.closeAll();
  await Promise.all(proxies.splice(0).map((started) => started.close()));
  await rm(profilesDir, { recursive: true, force: true });
  await echo.close();
  expect(echo.directHits).toEqual([]);
});

describe('opening Chromium through a local port', () => {
  it('sends the first page through the proxy, and removes the profile once closed', async () => {
    const recording = await proxy();
    const { status, browser } = await launch(recording, echoUrl('first'));
    expect(status).toBe('launched');
    expect(browser.browserPath).toBe(CHROMIUM);
    expect(existsSync(browser.profileDir)).toBe(true);
    expect(processesNaming(browser.profileDir)).toContain(browser.pid);

    await recording.received(`GET ${echoUrl('first')}`);

    const exit = await browser.close();
    expect(exit.profile).toBe('removed');
    expect(existsSync(browser.profileDir)).toBe(false);
    await expectAllGone(browser.pid, browser.profileDir);
    expect(await readdir(profilesDir)).toEqual([]);
    expect(await launcher.running()).toEqual([]);
  });

  it('keeps a kept profile and opens the same one next time; a second open while it runs is "already open"', async () => {
    const recording = await proxy();
    const first = await launch(recording, echoUrl('kept-1'), { keepProfile: true });
    await recording.received(`GET ${echoUrl('kept-1')}`);

    const again = await launch(recording, echoUrl('kept-again'), { keepProfile: true });
    expect(again.status).toBe('already-open');
    expect(again.browser.pid).toBe(first.browser.pid);

    expect((await first.browser.close()).profile).toBe('kept');
    await expectAllGone(first.browser.pid, first.browser.profileDir);
    // Chromium wrote its state there: the folder is a real profile, not an empty shell.
    expect(await readdir(first.browser.profileDir)).toContain('Local State');

    const second = await launch(recording, echoUrl('kept-2'), { keepProfile: true });
    expect(second.status).toBe('launched');
    expect(second.browser.profileDir).toBe(first.browser.profileDir);
    await recording.received(`GET ${echoUrl('kept-2')}`);
    await second.browser.close();
    expect(existsSync(second.browser.profileDir)).toBe(true);
    expect(recording.requests).not.toContain(`GET ${echoUrl('kept-again')}`);
  });

  it('runs two browsers through two proxies at once, each reaching only its own', async () => {
    const [a, b] = [await proxy(), await proxy()];
    const [first, second] = await Promise.all([
      launch(a, echoUrl('via-a'), { proxyName: 'proxy-a:1000' }),
      launch(b, echoUrl('via-b'), { proxyName: 'proxy-b:2000' }),
    ]);
    expect(first.browser.profileDir).not.toBe(second.browser.profileDir);
    await Promise.all([
      a.received(`GET ${echoUrl('via-a')}`),
      b.received(`GET ${echoUrl('via-b')}`),
    ]);
    expect(a.requests).not.toContain(`GET ${echoUrl('via-b')}`);
    expect(b.requests).not.toContain(`GET ${echoUrl('via-a')}`);
    expect(await launcher.running()).toHaveLength(2);

    await launcher.closeAll();
    for (const { browser } of [first, second]) {
      await expectAllGone(browser.pid, browser.profileDir);
      expect(existsSync(browser.profileDir)).toBe(false);
    }
  });

  it('opens a second browser on a fresh profile of its own for the same proxy', async () => {
    const recording = await proxy();
    const [first, second] = await Promise.all([
      launch(recording, echoUrl('one')),
      launch(recording, echoUrl('two')),
    ]);
    expect(second.status).toBe('launched');
    expect(second.browser.profileDir).not.toBe(first.browser.profileDir);
    await Promise.all([
      recording.received(`GET ${echoUrl('one')}`),
      recording.received(`GET ${echoUrl('two')}`),
    ]);
    await first.browser.close();
    // Closing one leaves the other running.
    expect(pidGone(second.browser.pid)).toBe(false);
    await second.browser.close();
    await expectAllGone(second.browser.pid, second.browser.profileDir);
  });

  it('cleans up when the browser ends by itself', async () => {
    const recording = await proxy();
    const { browser } = await launch(recording, echoUrl('ends'));
    await recording.received(`GET ${echoUrl('ends')}`);
    // As if the user quit it: the browser's own process ends, not through close().
    process.kill(browser.pid, 'SIGTERM');
    const exit = await browser.exited;
    expect(exit.profile).toBe('removed');
    expect(existsSync(browser.profileDir)).toBe(false);
    await expectAllGone(browser.pid, browser.profileDir);
  });

  it('kills the whole browser outright when the grace period is over', async () => {
    launcher = new BrowserLauncher({ profilesDir, closeGraceMs: 0 });
    const recording = await proxy();
    const { browser } = await launch(recording, echoUrl('hard'));
    await recording.received(`GET ${echoUrl('hard')}`);
    const exit = await browser.close();
    expect(exit.profile).toBe('removed');
    await expectAllGone(browser.pid, browser.profileDir);
    // Closing again answers the same.
    expect(await browser.close()).toEqual(exit);
  });
});
