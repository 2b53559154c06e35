import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_PACKAGES, describePlatform } from '../../../scripts/launcher/node-runtime.mjs';
import { BUILD_PACKAGES, TEST_PACKAGES } from '../../../scripts/launcher/system-packages.mjs';
import {
  PRINT_ENVIRONMENT,
  fakeCheckout,
  printedEnvironment,
  removeFakeCheckouts,
} from './fake-checkout';

// `npm run demo` and `npm test` start with scripts/launcher/main.mjs: here it runs as a real
// process in a checkout of its own, against stand-ins for npm, dpkg-query, apt-get and sudo that
// record what they were asked (test/scripts/launcher/fakes/), so every decision it takes on a
// newcomer's machine is seen from outside.

const ALL_PACKAGES = [...BUILD_PACKAGES, ...TEST_PACKAGES].join(' ');
const isRoot = process.getuid?.() === 0;
/** Another user than root where we are root; ourselves where we are not (then without root). */
const unprivileged = isRoot ? { asUser: 65534 } : {};
const posix = process.platform !== 'win32';
const linux = process.platform === 'linux';

afterEach(removeFakeCheckouts);

describe.runIf(posix)('the launcher on a machine with another Node.js', () => {
  const packageName = NODE_PACKAGES[`${process.platform}-${process.arch}`] ?? '';

  it('fetches the Node.js of .nvmrc into the per-user cache once, and runs all the rest under it', async () => {
    const checkout = fakeCheckout({ nodeVersion: '99.1.2' });
    const first = await checkout.run(['demo', '--', ...PRINT_ENVIRONMENT], {
      FAKE_INSTALLED: ALL_PACKAGES,
    });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const home = join(checkout.cache, '99.1.2', 'node_modules', packageName);
    expect(first.stdout).toContain(
      `proxy-tray: fetching Node.js 99.1.2 for ${describePlatform(process.platform, process.arch)} (this is ${process.versions.node}) from the npm registry into ${checkout.cache} …`,
    );
    expect(first.stdout).toContain(`proxy-tray: running on Node.js 99.1.2 from ${home}\n`);
    expect(checkout.calls()[0]).toMatch(
      new RegExp(
        `^npm install --prefix ${checkout.cache}/99\\.1\\.2\\.partial-\\w+ --no-save --no-package-lock --ignore-scripts --no-audit --no-fund ${packageName}@99\\.1\\.2$`,
      ),
    );
    // Everything after the switch happened on the fetched Node: the install, its record, the command.
    expect(checkout.calls().slice(1)).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(first.stdout).not.toContain('ready');
    const record = JSON.parse(
      readFileSync(join(checkout.root, 'node_modules', '.proxy-tray-install.json'), 'utf8'),
    );
    expect(record.node).toBe('99.1.2');
    const environment = printedEnvironment(first.stdout);
    expect(environment.switched).toBe('99.1.2');
    expect(environment.path.split(':')[0]).toBe(join(home, 'bin'));
    expect(environment.nodedir).toBe(home);
    expect(readdirSync(checkout.cache)).toEqual(['99.1.2']);

    const second = await checkout.run(['demo', '--', ...PRINT_ENVIRONMENT], {
      FAKE_INSTALLED: ALL_PACKAGES,
    });
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('fetching');
    expect(second.stdout).toMatch(
      /proxy-tray: ready: Node\.js 99\.1\.2, system packages, node_modules, popup build checked in \d+ ms\n/,
    );
    expect(checkout.calls()).toHaveLength(3);
    expect(printedEnvironment(second.stdout).switched).toBe('99.1.2');
  });

  it('says so, and exits 1, when the npm registry has no such Node.js for this machine', async () => {
    const checkout = fakeCheckout({ nodeVersion: '99.1.2' });
    const run = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], {
      FAKE_NPM_MISSING: packageName,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `proxy-tray: the npm registry has no ${packageName}@99.1.2: install Node.js 99.1.2 yourself (for example \`nvm install 99.1.2\`) and run the command again.\n`,
    );
    expect(run.stdout).not.toContain('ENV ');
    expect(readdirSync(checkout.cache)).toEqual([]);
  });
});

describe.runIf(posix)('the launcher and the fetched Node.js, when things go wrong', () => {
  const packageName = NODE_PACKAGES[`${process.platform}-${process.arch}`] ?? '';

  it('replaces an earlier fetch that was cut short (a folder without its binary)', async () => {
    const checkout = fakeCheckout({ nodeVersion: '99.1.2' });
    mkdirSync(join(checkout.cache, '99.1.2', 'node_modules', packageName), { recursive: true });
    writeFileSync(join(checkout.cache, '99.1.2', 'half-written'), '');
    const run = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], {
      FAKE_INSTALLED: ALL_PACKAGES,
    });
    expect(run.code).toBe(0);
    expect(printedEnvironment(run.stdout).switched).toBe('99.1.2');
    expect(readdirSync(join(checkout.cache, '99.1.2'))).toEqual(['node_modules']);
  });

  it("says npm's own words when the fetch fails otherwise, and leaves nothing half-written", async () => {
    const checkout = fakeCheckout({ nodeVersion: '99.1.2' });
    const run = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], {
      FAKE_FAIL_install: '7',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/… failed after \d+\.\d s\n$/);
    expect(run.stderr).toBe(
      `proxy-tray: npm install ${packageName}@99.1.2 failed (exit 7):\nnpm install went wrong\nnpm error code E7\n`,
    );
    expect(readdirSync(checkout.cache)).toEqual([]);
  });

  it('refuses to switch a second time: a fetched Node of another version is a broken cache', async () => {
    const checkout = fakeCheckout({ nodeVersion: '99.1.2' });
    const run = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], {
      PROXY_TRAY_LAUNCHED_ON_NODE: '99.1.2',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `proxy-tray: started again on Node.js 99.1.2 for 99.1.2, but this is Node.js ${process.versions.node}: remove the cached Node.js folder and run the command again.\n`,
    );
    expect(checkout.calls()).toEqual([]);
  });
});

describe('the launcher and a broken checkout or machine', () => {
  const ready = { FAKE_INSTALLED: ALL_PACKAGES };

  it("shows a failed set-up command's output under one line naming it, and stops", async () => {
    const checkout = fakeCheckout();
    const ci = await checkout.run(['demo', '--', ...PRINT_ENVIRONMENT], {
      ...ready,
      FAKE_FAIL_ci: '1',
    });
    expect(ci.code).toBe(1);
    expect(ci.stdout).toMatch(/npm ci \(node_modules is missing\) … failed after \d+\.\d s\n$/);
    expect(ci.stderr).toBe(
      'proxy-tray: npm ci --no-audit --no-fund failed (exit 1):\nnpm ci went wrong\nnpm error code E1\n',
    );
    expect(existsSync(join(checkout.root, 'node_modules', '.proxy-tray-install.json'))).toBe(false);

    const build = await checkout.run(['demo', '--', ...PRINT_ENVIRONMENT], {
      ...ready,
      FAKE_FAIL_build: '2',
    });
    expect(build.code).toBe(1);
    expect(build.stderr).toBe(
      'proxy-tray: npm run build failed (exit 2):\nnpm run went wrong\nnpm error code E2\n',
    );
    expect(build.stdout).not.toContain('ENV ');
  });

  it('says so where npm or the command cannot be started', async () => {
    const checkout = fakeCheckout();
    const nothing = join(checkout.folder, 'empty-path');
    mkdirSync(nothing);
    const noNpm = await checkout.run(['test', '--', 'node', '-e', ''], {
      ...ready,
      npm_execpath: '',
      PATH: nothing,
    });
    expect(noNpm.code).toBe(1);
    expect(noNpm.stderr).toBe(
      'proxy-tray: npm ci --no-audit --no-fund could not start: spawn npm ENOENT\n',
    );

    const noCommand = await checkout.run(['test', '--', 'no-such-command-here', '--flag'], ready);
    expect(noCommand.code).toBe(1);
    expect(noCommand.stderr).toBe(
      'proxy-tray: no-such-command-here could not start: spawn no-such-command-here ENOENT\n',
    );
  });

  it('reports a checkout without .nvmrc with its cause, and exits 1', async () => {
    const checkout = fakeCheckout();
    rmSync(join(checkout.root, '.nvmrc'));
    const run = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], ready);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^proxy-tray: Error: ENOENT: no such file or directory, open '.*\.nvmrc'\n\s+at /,
    );
    expect(run.stdout).not.toContain('ENV ');
  });

  it("records what npm's postinstall installed, for the next run to compare", async () => {
    const checkout = fakeCheckout();
    mkdirSync(join(checkout.root, 'node_modules'));
    const recorder = join(checkout.root, 'scripts', 'launcher', 'record-install.mjs');
    expect(spawnSync(process.execPath, [recorder], { cwd: checkout.folder }).status).toBe(0);
    const record = JSON.parse(
      readFileSync(join(checkout.root, 'node_modules', '.proxy-tray-install.json'), 'utf8'),
    );
    expect(record).toEqual({
      node: process.versions.node,
      platform: process.platform,
      arch: process.arch,
      lockfile: createHash('sha256')
        .update(readFileSync(join(checkout.root, 'package-lock.json')))
        .digest('hex'),
    });
    const run = await checkout.run(['test', '--', 'node', '-e', ''], ready);
    expect(run.stdout).toContain('proxy-tray: ready: ');
    expect(checkout.calls()).toEqual([]);
  });
});

describe('the launcher and node_modules', () => {
  const everything = { FAKE_INSTALLED: ALL_PACKAGES };

  it('installs a missing node_modules with npm ci, records it, and leaves it alone the next time', async () => {
    const checkout = fakeCheckout();
    const first = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], everything);
    expect(first.code).toBe(0);
    const step = /proxy-tray: npm ci \(node_modules is missing\) … (\d+\.\d) s\n/.exec(
      first.stdout,
    );
    // In seconds: a stand-in's npm ci takes a fraction of one (a bound on the unit, not a speed).
    expect(Number(step?.[1])).toBeLessThan(60);
    expect(first.stdout).not.toContain('ready');
    expect(checkout.calls()).toEqual(['npm ci --no-audit --no-fund']);
    expect(printedEnvironment(first.stdout).switched).toBeUndefined();

    const second = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], everything);
    expect(second.stdout).toMatch(
      /^proxy-tray: ready: Node\.js [\d.]+, system packages, node_modules checked in \d+ ms\n/,
    );
    expect(checkout.calls()).toEqual(['npm ci --no-audit --no-fund']);
  });

  it('runs npm ci again when package-lock.json changed', async () => {
    const checkout = fakeCheckout();
    await checkout.run(['test', '--', 'node', '-e', ''], everything);
    writeFileSync(
      join(checkout.root, 'package-lock.json'),
      '{"lockfileVersion": 3, "changed": true}\n',
    );
    const run = await checkout.run(['test', '--', 'node', '-e', ''], everything);
    expect(run.stdout).toContain(
      'npm ci (package-lock.json changed since node_modules was installed)',
    );
    expect(checkout.calls()).toEqual([
      'npm ci --no-audit --no-fund',
      'npm ci --no-audit --no-fund',
    ]);
  });

  it('rebuilds the native addons of a node_modules installed by another Node.js', async () => {
    const checkout = fakeCheckout();
    await checkout.run(['test', '--', 'node', '-e', ''], everything);
    const recordFile = join(checkout.root, 'node_modules', '.proxy-tray-install.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8'));
    writeFileSync(recordFile, JSON.stringify({ ...record, node: '1.2.3' }));
    const run = await checkout.run(['test', '--', 'node', '-e', ''], everything);
    expect(run.stdout).toContain(
      `npm rebuild (native addons were built for Node.js 1.2.3, this is ${process.versions.node})`,
    );
    expect(checkout.calls()).toEqual(['npm ci --no-audit --no-fund', 'npm rebuild']);
    expect(JSON.parse(readFileSync(recordFile, 'utf8')).node).toBe(process.versions.node);
  });

  it('builds the popup for the demo when out/ is missing or older than its sources, never for the tests', async () => {
    const checkout = fakeCheckout();
    await checkout.run(['test', '--', 'node', '-e', ''], everything);
    expect(checkout.calls()).not.toContain('npm run build');

    const missing = await checkout.run(['demo', '--', 'node', '-e', ''], everything);
    expect(missing.stdout).toContain(
      'building the popup (out/main/index.js, out/preload/index.cjs, out/renderer/index.html missing)',
    );
    const fresh = await checkout.run(['demo', '--', 'node', '-e', ''], everything);
    expect(fresh.stdout).toContain('popup build checked');

    const later = new Date(Date.now() + 60_000);
    utimesSync(join(checkout.root, 'src', 'index.ts'), later, later);
    const stale = await checkout.run(['demo', '--', 'node', '-e', ''], everything);
    expect(stale.stdout).toContain('building the popup (src changed since the last build)');
    expect(checkout.calls().filter((call) => call === 'npm run build')).toHaveLength(2);
  });
});

describe.runIf(linux)("the launcher and Debian's packages", () => {
  it('asks for nothing that is installed: the demo needs only the build tools, the tests the rest', async () => {
    const checkout = fakeCheckout();
    const demo = await checkout.run(['demo', '--', 'node', '-e', ''], {
      FAKE_INSTALLED: BUILD_PACKAGES.join(' '),
    });
    expect(demo.code).toBe(0);
    expect(checkout.calls().some((call) => call.startsWith('apt-get'))).toBe(false);

    const test = await checkout.run(['test', '--', 'node', '-e', ''], {
      FAKE_INSTALLED: BUILD_PACKAGES.join(' '),
      FAKE_SUDO: '0',
    });
    expect(test.code).toBe(0);
    expect(test.stdout).toContain(
      `installing system packages ${TEST_PACKAGES.join(' ')} with apt-get …`,
    );
  });

  it.runIf(isRoot)('installs what is missing with apt-get as it is, as root', async () => {
    const checkout = fakeCheckout();
    const run = await checkout.run(['test', '--', 'node', '-e', ''], {
      FAKE_INSTALLED: 'python3 make dbus dbus-x11 gnome-keyring chromium curl zsh fish nsis',
    });
    expect(run.code).toBe(0);
    expect(checkout.calls().filter((call) => !call.startsWith('npm'))).toEqual([
      'apt-get update -qq (DEBIAN_FRONTEND=noninteractive uid=0)',
      'apt-get install -y -qq --no-install-recommends libsecret-1-dev g++ (DEBIAN_FRONTEND=noninteractive uid=0)',
    ]);
  });

  it('installs through sudo -n where that asks for no password', async () => {
    const checkout = fakeCheckout();
    const node = isRoot ? checkout.sharedNode() : process.execPath;
    const run = await checkout.run(
      ['demo', '--', 'node', '-e', ''],
      { FAKE_INSTALLED: 'python3 make g++', FAKE_SUDO: '0' },
      { ...unprivileged, node },
    );
    expect(run.stderr).toBe('');
    expect(checkout.calls().filter((call) => !call.startsWith('npm'))).toEqual([
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      expect.stringMatching(/^apt-get update -qq \(DEBIAN_FRONTEND=noninteractive uid=\d+\)$/),
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libsecret-1-dev',
      expect.stringMatching(/^apt-get install -y -qq --no-install-recommends libsecret-1-dev \(/),
    ]);
  });

  it('without root or sudo: one line naming the command to run, exit 1, and nothing run', async () => {
    const checkout = fakeCheckout();
    const node = isRoot ? checkout.sharedNode() : process.execPath;
    const run = await checkout.run(
      ['test', '--', ...PRINT_ENVIRONMENT],
      { FAKE_INSTALLED: 'python3 make g++ dbus curl zsh fish nsis', FAKE_SUDO: '1' },
      { ...unprivileged, node },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'proxy-tray: system packages are missing and this user cannot install them: run `sudo apt-get update && sudo apt-get install -y --no-install-recommends libsecret-1-dev dbus-x11 gnome-keyring chromium`, then the command again.\n',
    );
    expect(run.stdout).toBe('');
    expect(checkout.calls()).toEqual([]);
  });

  it('on a Linux without dpkg, says what it cannot check and goes on', async () => {
    const checkout = fakeCheckout();
    const nothing = join(checkout.folder, 'empty-path');
    mkdirSync(nothing);
    const run = await checkout.run(['demo', '--', 'node', '-e', 'console.log("ran")'], {
      PATH: nothing,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'proxy-tray: no dpkg here: make sure the equivalents of libsecret-1-dev python3 make g++ are installed (README)\n',
    );
    expect(run.stdout).toContain('ran\n');
  });

  it("stops with apt-get's own words when it fails", async () => {
    for (const step of ['update', 'install']) {
      const checkout = fakeCheckout();
      const node = isRoot ? checkout.sharedNode() : process.execPath;
      const run = await checkout.run(
        ['demo', '--', 'node', '-e', ''],
        { FAKE_INSTALLED: 'python3 make', FAKE_SUDO: '0', FAKE_APT_FAIL: step },
        { ...unprivileged, node },
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /installing system packages libsecret-1-dev g\+\+ with apt-get … failed after/,
      );
      const label = step === 'update' ? 'apt-get update' : 'apt-get install libsecret-1-dev g++';
      expect(run.stderr).toBe(
        `proxy-tray: ${label} failed (exit 100):\nE: apt-get ${step} failed here\n`,
      );
    }
  });

  it("leaves Debian's Chromium out when PROXY_TRAY_CHROMIUM names another", async () => {
    const checkout = fakeCheckout();
    const run = await checkout.run(['test', '--', 'node', '-e', ''], {
      FAKE_INSTALLED:
        'libsecret-1-dev python3 make g++ dbus dbus-x11 gnome-keyring curl zsh fish nsis',
      FAKE_SUDO: '1',
      PROXY_TRAY_CHROMIUM: 'playwright',
    });
    expect(run.code).toBe(0);
    expect(checkout.calls().some((call) => call.includes('apt-get'))).toBe(false);
  });
});

describe('the launcher and the command it runs', () => {
  const ready = { FAKE_INSTALLED: ALL_PACKAGES };

  it('ends as the command ended: its exit code, or its signal', async () => {
    const checkout = fakeCheckout();
    const code = await checkout.run(['test', '--', 'node', '-e', 'process.exit(7)'], ready);
    expect(code.code).toBe(7);
    if (posix) {
      const killed = await checkout.run(
        ['test', '--', 'node', '-e', 'process.kill(process.pid, "SIGTERM")'],
        ready,
      );
      expect(killed.signal).toBe('SIGTERM');
    }
  });

  it('starts `node` and `npm` commands on its own Node and npm, not the ones on PATH', async () => {
    const checkout = fakeCheckout();
    const node = await checkout.run(
      ['test', '--', 'node', '-e', 'console.log(process.versions.node)'],
      ready,
    );
    expect(node.stderr).toBe('');
    expect(node.stdout).toContain(`${process.versions.node}\n`);
    const npm = await checkout.run(['test', '--', 'npm', 'run', 'hello'], ready);
    expect(npm.code).toBe(0);
    expect(checkout.calls().at(-1)).toBe('npm run hello');
  });

  // Windows has no signals to pass on: a kill there ends the process outright.
  it.runIf(posix)('passes SIGINT, SIGTERM and SIGHUP it is sent on to the command', async () => {
    const checkout = fakeCheckout();
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      const run = await checkout.run(
        [
          'test',
          '--',
          'node',
          '-e',
          `process.on("${signal}", () => { console.log("stopping on ${signal}"); process.exit(3); }); console.log("waiting"); setInterval(() => {}, 1000);`,
        ],
        ready,
        { signalWhen: { printed: 'waiting', signal } },
      );
      expect(run.stdout).toContain(`stopping on ${signal}`);
      expect(run.code).toBe(3);
    }
  });

  it('refuses another purpose or no command, with its usage and exit 2', async () => {
    const checkout = fakeCheckout();
    for (const args of [
      ['build', '--', 'node'],
      ['demo', 'node'],
      ['demo', '--'],
    ]) {
      const run = await checkout.run(args, ready);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'proxy-tray: usage: node scripts/launcher/main.mjs demo|test|bench -- COMMAND [ARGS…]\n',
      );
    }
    expect(existsSync(join(checkout.root, 'node_modules'))).toBe(false);
  });
});
