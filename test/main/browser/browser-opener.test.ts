import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserFacingError } from '../../../src/main/errors/user-facing-error';
import type { BrowserFacts } from '../../../src/main/browser/browser-discovery';
import { BrowserLauncher } from '../../../src/main/browser/browser-launcher';
import { BrowserOpener } from '../../../src/main/browser/browser-opener';
import { onPath, systemBrowserFacts } from '../../../src/main/browser/browser-system-facts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-tray-opener-'));
  dirs.push(dir);
  return dir;
}

const port = { host: '127.0.0.1', port: 24001, proxyId: 7 };

function openerOver(facts: BrowserFacts, profilesDir: string, settleMs?: number) {
  return new BrowserOpener({
    launcher: new BrowserLauncher({ profilesDir }),
    facts: () => facts,
    startUrl: () => 'https://api64.ipify.org',
    ...(settleMs === undefined ? {} : { settleMs }),
  });
}

/** A stand-in browser set in Settings: a shell script with this body. */
function browserSetTo(body: string): BrowserFacts {
  const path = join(tempDir(), 'browser');
  writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return {
    platform: 'linux',
    env: {},
    exists: (candidate) => candidate === path,
    lookup: () => undefined,
    settingPath: path,
  };
}

describe('BrowserOpener', () => {
  it('says which browsers it looked for when none is installed', async () => {
    const opener = openerOver(
      { platform: 'linux', env: {}, exists: () => false, lookup: () => undefined },
      tempDir(),
    );
    const refused = await opener.open(port, false).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UserFacingError);
    expect(refused).toMatchObject({ kind: 'not_found' });
    expect((refused as Error).message).toMatch(
      /^No browser to open was found\. .*chromium.*firefox/,
    );
  });

  it('a browser that cannot be started is named, and leaves no profile behind', async () => {
    const profiles = tempDir();
    const missing = join(tempDir(), 'gone', 'chrome');
    const opener = openerOver(
      {
        platform: 'linux',
        env: {},
        exists: (path) => path === missing,
        lookup: () => undefined,
        settingPath: missing,
      },
      profiles,
    );
    const refused = await opener.open(port, false).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'invalid_input' });
    expect((refused as Error).message).toContain(missing);
    expect(readdirSync(profiles)).toEqual([]);
    await opener.removeStale();
    await opener.closeAll();
  });
});

describe('a browser that exits at once', () => {
  it('is a failure with its exit code and its first stderr lines, bounded', async () => {
    const long = 'x'.repeat(500);
    const facts = browserSetTo(
      `echo 'cannot open display' >&2\necho '' >&2\necho '${long}' >&2\n` +
        `for n in 3 4 5 6 7; do echo "line $n" >&2; done\nexit 3`,
    );
    const profiles = tempDir();
    const opener = openerOver(facts, profiles);
    const refused = await opener.open(port, false).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UserFacingError);
    expect(refused).toMatchObject({ kind: 'invalid_input' });
    expect((refused as Error).message).toBe(
      `the browser set in Settings exited at once (exit code 3). It said: cannot open display / ${'x'.repeat(200)}… / line 3 / line 4 / line 5`,
    );
    // Its throwaway profile went with it.
    expect(readdirSync(profiles)).toEqual([]);
  });

  it('is said with the signal that ended it, and without words when it wrote none', async () => {
    const opener = openerOver(browserSetTo('kill -TERM $$'), tempDir());
    const refused = await opener.open(port, false).catch((error: unknown) => error);
    expect((refused as Error).message).toBe(
      'the browser set in Settings exited at once (ended by SIGTERM).',
    );
  });

  it('never gets the token in its environment', async () => {
    const seen = join(tempDir(), 'env');
    vi.stubEnv('PROXY_TRAY_TOKEN', 'secret-token-value');
    try {
      const opener = openerOver(browserSetTo(`env > '${seen}'\nexit 1`), tempDir());
      await opener.open(port, false).catch(() => undefined);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(readFileSync(seen, 'utf8')).not.toContain('secret-token-value');
  });
});

describe('a browser that stays up', () => {
  it('is said to be open once the settle time has passed with it still running', async () => {
    const opener = openerOver(browserSetTo('echo starting >&2\nexec sleep 60'), tempDir(), 500);
    await expect(opener.open(port, false)).resolves.toEqual({
      browser: 'the browser set in Settings',
      alreadyOpen: false,
    });
    await opener.closeAll();
  });
});

describe('onPath', () => {
  it('finds the first executable file of that name on PATH, as `which` does', () => {
    const [plain, runnable] = [tempDir(), tempDir()];
    writeFileSync(join(plain, 'chromium'), '');
    chmodSync(join(plain, 'chromium'), 0o644);
    writeFileSync(join(runnable, 'chromium'), '#!/bin/sh\n');
    chmodSync(join(runnable, 'chromium'), 0o755);
    const path = ['', plain, join(plain, 'none'), runnable].join(delimiter);
    expect(onPath('chromium', path)).toBe(join(runnable, 'chromium'));
    expect(onPath('firefox', path)).toBeUndefined();
  });

  it('reads this machine, with the path setting when there is one', () => {
    expect(systemBrowserFacts(null)).not.toHaveProperty('settingPath');
    const facts = systemBrowserFacts('/opt/browser');
    expect(facts).toMatchObject({ platform: process.platform, settingPath: '/opt/browser' });
    expect(facts.exists(tmpdir())).toBe(true);
    expect(facts.exists(join(tmpdir(), 'no-such-file-here'))).toBe(false);
  });
});
