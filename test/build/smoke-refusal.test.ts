import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkSmokeApp,
  PROJECT_ROOT,
  SMOKE_APP_ENV,
  type SmokeAppLookup,
} from '../electron/support/smoke-app';

// The `_electron` smoke tests (test/electron/) cannot run on our machines: no Electron binary can
// be downloaded. What can be proven here is that they refuse at once, saying what is missing and
// what to run, and that they find the smoke build where electron-builder puts it.

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function emptyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'proxy-tray-smoke-refusal-'));
  roots.push(root);
  return root;
}

function createFile(root: string, relativePath: string, content = ''): string {
  const path = join(root, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** A project whose node_modules/electron has its binary, as its install script leaves it. */
function projectWithElectron(): string {
  const root = emptyProject();
  createFile(root, 'node_modules/electron/path.txt', 'electron');
  createFile(root, 'node_modules/electron/dist/electron');
  return root;
}

const linux = (root: string, env: NodeJS.ProcessEnv = {}): SmokeAppLookup => ({
  root,
  platform: 'linux',
  arch: 'x64',
  env,
});

function refusal(lookup: SmokeAppLookup): string {
  const check = checkSmokeApp(lookup);
  if (check.ok) throw new Error(`Expected a refusal, got ${check.executablePath}`);
  return check.message;
}

describe('the smoke tests refuse to run without what they need', () => {
  it('names the missing Electron binary and the missing smoke build, and what to run for each', () => {
    const root = emptyProject();
    const message = refusal(linux(root));

    expect(message).toMatch(/^The Electron smoke tests cannot run:/);
    expect(message).toContain(
      `The Electron binary is not installed (${join(root, 'node_modules/electron/path.txt')} is missing).`,
    );
    expect(message).toContain('node node_modules/electron/install.js');
    expect(message).toContain(
      `The smoke build is missing (looked for ${join(root, 'dist-smoke/linux-unpacked/proxy-tray')})`,
    );
    expect(message).toContain('npm run dist:smoke');
    expect(message).toContain('not part of npm test');
  });

  it('sees that path.txt names a binary that is not there', () => {
    const root = emptyProject();
    createFile(root, 'node_modules/electron/path.txt', 'electron');
    createFile(root, 'dist-smoke/linux-unpacked/proxy-tray');

    const message = refusal(linux(root));
    expect(message).toContain(
      `${join(root, 'node_modules/electron/dist/electron')}, named by ${join(root, 'node_modules/electron/path.txt')}, is missing`,
    );
    expect(message).not.toContain('smoke build is missing');
  });

  it('refuses a smoke build with no Electron binary installed', () => {
    const root = emptyProject();
    createFile(root, 'dist-smoke/linux-unpacked/proxy-tray');
    expect(refusal(linux(root))).toContain('The Electron binary is not installed');
  });

  it('refuses when the Electron binary is there but the smoke build is not', () => {
    const message = refusal(linux(projectWithElectron()));
    expect(message).not.toContain('binary is not installed');
    expect(message).toContain('npm run dist:smoke');
  });

  it(`says so when ${SMOKE_APP_ENV} names a file that does not exist`, () => {
    const root = projectWithElectron();
    const message = refusal(linux(root, { [SMOKE_APP_ENV]: 'elsewhere/proxy-tray' }));
    expect(message).toContain(
      `${SMOKE_APP_ENV} names ${join(root, 'elsewhere/proxy-tray')}, which does not exist.`,
    );
  });
});

describe('the smoke build is found where electron-builder --dir puts it', () => {
  it.each([
    ['linux', 'x64', 'dist-smoke/linux-unpacked/proxy-tray'],
    ['linux', 'arm64', 'dist-smoke/linux-arm64-unpacked/proxy-tray'],
    ['win32', 'x64', 'dist-smoke/win-unpacked/Proxy Tray.exe'],
    ['darwin', 'arm64', 'dist-smoke/mac-arm64/Proxy Tray.app/Contents/MacOS/Proxy Tray'],
    ['darwin', 'x64', 'dist-smoke/mac/Proxy Tray.app/Contents/MacOS/Proxy Tray'],
  ] as const)('%s %s: %s', (platform, arch, relativePath) => {
    const root = projectWithElectron();
    const executable = createFile(root, relativePath);
    expect(checkSmokeApp({ root, platform, arch, env: {} })).toEqual({
      ok: true,
      executablePath: executable,
    });
  });

  it('does not take the other architecture’s build', () => {
    const root = projectWithElectron();
    createFile(root, 'dist-smoke/mac/Proxy Tray.app/Contents/MacOS/Proxy Tray');
    expect(checkSmokeApp({ root, platform: 'darwin', arch: 'arm64', env: {} }).ok).toBe(false);
  });

  it(`takes the executable ${SMOKE_APP_ENV} names instead`, () => {
    const root = projectWithElectron();
    const executable = createFile(root, 'elsewhere/proxy-tray');
    expect(checkSmokeApp(linux(root, { [SMOKE_APP_ENV]: executable }))).toEqual({
      ok: true,
      executablePath: executable,
    });
  });
});

describe('the smoke-test run', () => {
  it('fails at once in its global setup, before any test, with the refusal', async () => {
    const missing = join(emptyProject(), 'no-such-app');
    const cli = join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js');
    const run = promisify(execFile)(
      process.execPath,
      [cli, 'test', '-c', 'playwright.electron.config.ts'],
      { cwd: PROJECT_ROOT, env: { ...process.env, [SMOKE_APP_ENV]: missing } },
    );

    const failure = await run.then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );
    expect(failure?.code).toBe(1);
    const output = `${failure?.stdout}${failure?.stderr}`;
    expect(output).toContain('The Electron smoke tests cannot run:');
    expect(output).toContain(`${SMOKE_APP_ENV} names ${missing}, which does not exist.`);
    expect(output).not.toMatch(/\d+ passed/);
  });
});
