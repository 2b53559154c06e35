import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
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
        `^npm install --prefix ${checkout.cache}/99\\.1\\.2\\.partial-\\d+ --no-save --no-package-lock --ignore-scripts --no-audit --no-fund ${packageName}@99\\.1\\.2$`,
      ),
    );
    // Everything after the switch happened on the fetched Node: the install, its record, the command.
    expect(checkout.calls().slice(1)).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
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

describe('the launcher and node_modules', () => {
  const everything = { FAKE_INSTALLED: ALL_PACKAGES };

  it('installs a missing node_modules with npm ci, records it, and leaves it alone the next time', async () => {
    const checkout = fakeCheckout();
    const first = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], everything);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/proxy-tray: npm ci \(node_modules is missing\) … \d+\.\d s\n/);
    expect(checkout.calls()).toEqual(['npm ci --no-audit --no-fund']);
    expect(printedEnvironment(first.stdout).switched).toBeUndefined();

    const second = await checkout.run(['test', '--', ...PRINT_ENVIRONMENT], everything);
    expect(second.stdout).toContain('proxy-tray: ready: ');
    expect(second.stdout).not.toContain('popup build');
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
      FAKE_INSTALLED: 'python3 make dbus dbus-x11 gnome-keyring chromium curl',
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
      { FAKE_INSTALLED: 'python3 make g++ dbus curl', FAKE_SUDO: '1' },
      { ...unprivileged, node },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'proxy-tray: system packages are missing and this user cannot install them: run `sudo apt-get update && sudo apt-get install -y --no-install-recommends libsecret-1-dev dbus-x11 gnome-keyring chromium`, then the command again.\n',
    );
    expect(run.stdout).toBe('');
    expect(checkout.calls()).toEqual([]);
  });

  it("leaves Debian's Chromium out when PROXY_TRAY_CHROMIUM names another", async () => {
    const checkout = fakeCheckout();
    const run = await checkout.run(['test', '--', 'node', '-e', ''], {
      FAKE_INSTALLED: 'libsecret-1-dev python3 make g++ dbus dbus-x11 gnome-keyring curl',
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
        'proxy-tray: usage: node scripts/launcher/main.mjs demo|test -- COMMAND [ARGS…]\n',
      );
    }
    expect(existsSync(join(checkout.root, 'node_modules'))).toBe(false);
  });
});
