import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserLauncher,
  type LaunchBrowserOptions,
} from '../../../src/main/browser/browser-launcher';
import { keptProfileFolder } from '../../../src/main/browser/browser-profile-folder';
import { pidGone } from './browser-processes';
import { parseUserJs } from './browser-user-js';

// The launcher with stand-in executables (small shell scripts) and with executables that are
// missing or not executable. The real Chromium runs in browser-launch-chromium.test.ts.

let root: string;
let profilesDir: string;
let launcher: BrowserLauncher;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'proxy-tray-launch-'));
  profilesDir = join(root, 'browser-profiles');
  launcher = new BrowserLauncher({ profilesDir });
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await launcher.closeAll();
  await rm(root, { recursive: true, force: true });
});

function options(path: string, more: Partial<LaunchBrowserOptions> = {}): LaunchBrowserOptions {
  return {
    browser: { path, kind: path.endsWith('firefox') ? 'firefox' : 'chromium' },
    proxyUrl: 'http://127.0.0.1:8123',
    startUrl: 'https://ip.example.org/',
    proxyName: 'gate.example.net:8000',
    ...more,
  };
}

/** A stand-in browser: writes its arguments, then a copy of user.js, and runs until killed. */
async function standIn(name: string): Promise<{ path: string; args: string; userJs: string }> {
  const path = join(root, name);
  const args = join(root, `${name}.args`);
  const userJs = join(root, `${name}.user.js`);
  await writeFile(
    path,
    `#!/bin/sh\nprintf '%s\\n' "$@" > '${args}.tmp'\n[ -f "$2/user.js" ] && cp "$2/user.js" '${userJs}'\nmv '${args}.tmp' '${args}'\nexec sleep 60\n`,
    { mode: 0o755 },
  );
  return { path, args, userJs };
}

async function waitFor(path: string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    if (existsSync(path)) return readFile(path, 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${path} never appeared`);
}

describe('opening Firefox through a local port', () => {
  it('gives it its profile, no remote, a new instance and the echo, with the proxy in user.js', async () => {
    const firefox = await standIn('firefox');
    const { browser } = await launcher.launch(
      options(firefox.path, {
        proxyUrl: 'socks5://127.0.0.1:1080',
        extraArgs: ['-headless'],
      }),
    );
    const args = (await waitFor(firefox.args)).trimEnd().split('\n');
    expect(args).toEqual([
      '-profile',
      browser.profileDir,
      '-no-remote',
      '-new-instance',
      '-headless',
      'https://ip.example.org/',
    ]);
    const prefs = parseUserJs(await waitFor(firefox.userJs));
    expect(prefs.get('network.proxy.socks')).toBe('127.0.0.1');
    expect(prefs.get('network.proxy.socks_port')).toBe(1080);
    expect(prefs.get('network.proxy.allow_hijacking_localhost')).toBe(false);

    const exit = await browser.close();
    expect(exit).toEqual({ code: null, signal: 'SIGTERM', profile: 'removed' });
    expect(pidGone(browser.pid)).toBe(true);
    expect(existsSync(browser.profileDir)).toBe(false);
  });

  it('rewrites user.js in a kept profile, so that a changed port is taken', async () => {
    const firefox = await standIn('firefox');
    const first = await launcher.launch(options(firefox.path, { keepProfile: true }));
    await waitFor(firefox.userJs);
    // The stand-in writes its arguments once it runs, which under load may be after user.js.
    await waitFor(firefox.args);
    await first.browser.close();
    await rm(firefox.userJs);
    await rm(firefox.args);
    const second = await launcher.launch(
      options(firefox.path, { keepProfile: true, proxyUrl: 'http://127.0.0.1:9999' }),
    );
    expect(second.browser.profileDir).toBe(first.browser.profileDir);
    const prefs = parseUserJs(await waitFor(firefox.userJs));
    expect(prefs.get('network.proxy.http_port')).toBe(9999);
  });
});

describe('opening a Chromium-family browser', () => {
  it('passes the proxy, the profile and the first page, with no loopback bypass change for real use', async () => {
    const chrome = await standIn('chrome');
    const { browser } = await launcher.launch(options(chrome.path));
    expect((await waitFor(chrome.args)).trimEnd().split('\n')).toEqual([
      '--proxy-server=http://127.0.0.1:8123',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      `--user-data-dir=${browser.profileDir}`,
      '--no-first-run',
      '--no-default-browser-check',
      'https://ip.example.org/',
    ]);
    // No user.js for Chromium.
    expect(existsSync(chrome.userJs)).toBe(false);
  });

  it('cleans up after a browser that ends at once', async () => {
    const { browser } = await launcher.launch(options('/bin/true'));
    expect(await browser.exited).toEqual({ code: 0, signal: null, profile: 'removed' });
    expect(await readdir(profilesDir)).toEqual([]);
    expect(await launcher.running()).toEqual([]);
  });
});

describe('the environment a browser is started with', () => {
  it('is the app’s, without PROXY_TRAY_TOKEN: the browser and what it starts never see the token', async () => {
    vi.stubEnv('PROXY_TRAY_TOKEN', 'a-token-for-the-preview');
    vi.stubEnv('PROXY_TRAY_KEPT', 'passed on');
    const path = join(root, 'chrome');
    const seen = join(root, 'chrome.env');
    await writeFile(
      path,
      `#!/bin/sh\nenv > '${seen}.tmp'\nmv '${seen}.tmp' '${seen}'\nexec sleep 60\n`,
      {
        mode: 0o755,
      },
    );
    const { browser } = await launcher.launch(options(path));
    const environment = (await waitFor(seen)).split('\n');
    expect(environment).toContain('PROXY_TRAY_KEPT=passed on');
    expect(environment.filter((line) => line.includes('a-token-for-the-preview'))).toEqual([]);
    await browser.close();
  });
});

describe('a browser that cannot be started', () => {
  it('is named when it does not exist, and leaves no profile behind', async () => {
    const missing = join(root, 'no-such', 'chrome');
    const failed = launcher.launch(options(missing));
    await expect(failed).rejects.toThrow(
      `No browser was found at ${missing}. Check the browser's path in Settings.`,
    );
    await expect(failed).rejects.toMatchObject({ failure: 'not-found' });
    expect(await readdir(profilesDir)).toEqual([]);
  });

  it('is named when it is not executable', async () => {
    const notExecutable = join(root, 'chrome');
    await writeFile(notExecutable, 'not a program', { mode: 0o644 });
    await expect(launcher.launch(options(notExecutable))).rejects.toMatchObject({
      failure: 'not-permitted',
      message: `The browser at ${notExecutable} could not be started: it is not an executable file, or this account may not run it.`,
    });
    expect(await readdir(profilesDir)).toEqual([]);
  });

  it('says so for any other reason', async () => {
    await expect(launcher.launch(options('/bin/ch\0rome'))).rejects.toMatchObject({
      failure: 'start-failed',
      message: 'The browser at /bin/ch\0rome could not be started (ERR_INVALID_ARG_VALUE).',
    });
    expect(await readdir(profilesDir)).toEqual([]);
  });

  it('fails both launches on one kept profile, leaving no new folder and nothing registered', async () => {
    const missing = join(root, 'chrome');
    const both = await Promise.allSettled([
      launcher.launch(options(missing, { keepProfile: true })),
      launcher.launch(options(missing, { keepProfile: true })),
    ]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await readdir(profilesDir)).toEqual([]);
    expect(await launcher.running()).toEqual([]);
  });

  it('keeps a kept profile that was there before', async () => {
    const chrome = await standIn('chrome');
    const { browser } = await launcher.launch(options(chrome.path, { keepProfile: true }));
    await browser.close();
    await chmod(chrome.path, 0o644);
    await expect(launcher.launch(options(chrome.path, { keepProfile: true }))).rejects.toThrow(
      /could not be started/,
    );
    expect(existsSync(browser.profileDir)).toBe(true);
  });

  it('creates nothing when the proxy address or the first page is refused', async () => {
    await expect(
      launcher.launch(options('/bin/true', { proxyUrl: 'http://u:p@127.0.0.1:1' })),
    ).rejects.toMatchObject({ failure: 'invalid-proxy' });
    await expect(
      launcher.launch(options('/bin/true', { startUrl: 'file:///etc/passwd' })),
    ).rejects.toMatchObject({ failure: 'invalid-start-url' });
    expect(existsSync(profilesDir)).toBe(false);
  });

  it('says which profile could not be prepared for Firefox, and keeps a kept one', async () => {
    const firefox = await standIn('firefox');
    const kept = keptProfileFolder(profilesDir, 'gate.example.net:8000');
    await mkdir(join(kept, 'user.js'), { recursive: true });
    await expect(
      launcher.launch(options(firefox.path, { keepProfile: true })),
    ).rejects.toMatchObject({
      failure: 'profile-failed',
      message: `The browser's profile folder ${kept} could not be prepared (EISDIR).`,
    });
    expect(existsSync(kept)).toBe(true);
    expect(existsSync(firefox.args)).toBe(false);
  });

  it('says which folder could not be made', async () => {
    await mkdir(root, { recursive: true });
    await writeFile(profilesDir, 'a file where the folder should be');
    await expect(launcher.launch(options('/bin/true'))).rejects.toMatchObject({
      failure: 'profile-failed',
      message: `The browser's profile folder ${profilesDir} could not be prepared (EEXIST).`,
    });
  });
});

describe('throwaway profiles of an earlier run', () => {
  it('are removed at start-up, except those of browsers open now', async () => {
    const stale = join(profilesDir, 'fresh-old-00000000-abc');
    await mkdir(stale, { recursive: true });
    const chrome = await standIn('chrome');
    const { browser } = await launcher.launch(options(chrome.path));
    expect(await launcher.removeStaleProfiles()).toEqual([stale]);
    expect(existsSync(browser.profileDir)).toBe(true);
  });
});
