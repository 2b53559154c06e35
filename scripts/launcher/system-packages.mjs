import { spawnSync } from 'node:child_process';
import { LaunchError } from './launch-error.mjs';
import { runQuiet } from './processes.mjs';

/** @typedef {import('./processes.mjs').Env} Env */

/**
 * What keytar's build from source needs (`npm ci`): libsecret's headers and node-gyp's toolchain.
 * The demo needs only these.
 */
export const BUILD_PACKAGES = ['libsecret-1-dev', 'python3', 'make', 'g++'];

/**
 * What the tests add: a private D-Bus session with an unlocked gnome-keyring (the real keychain,
 * scripts/with-keychain.sh), the Chromium Playwright drives, curl, a real client of the local
 * ports, zsh and fish, which run the command line's completion scripts (bash is always there),
 * and nsis, whose compiler checks the Windows installer's additions (assets/installer.nsh).
 */
export const TEST_PACKAGES = [
  'dbus',
  'dbus-x11',
  'gnome-keyring',
  'chromium',
  'curl',
  'zsh',
  'fish',
  'nsis',
];

/**
 * What the benchmarks add: haproxy, the peer forwarder the local ports are measured against in
 * the same run (test/bench/haproxy-peer.ts).
 */
export const BENCH_PACKAGES = ['haproxy'];

/**
 * The Debian packages one purpose needs. PROXY_TRAY_CHROMIUM names another Chromium than
 * Debian's (Playwright's own, or a path), so Debian's is not needed then.
 * @param {'demo' | 'test' | 'bench'} purpose
 * @param {Env} env
 */
export function packagesFor(purpose, env) {
  if (purpose === 'demo') return [...BUILD_PACKAGES];
  const otherChromium = Boolean(env['PROXY_TRAY_CHROMIUM']?.trim());
  return [
    ...BUILD_PACKAGES,
    ...TEST_PACKAGES.filter((name) => !(otherChromium && name === 'chromium')),
    ...(purpose === 'bench' ? BENCH_PACKAGES : []),
  ];
}

/**
 * The wanted packages dpkg does not hold as installed, from
 * `dpkg-query -W -f '${Package} ${db:Status-Status}\n' NAMES…` (names it has never heard of are
 * not printed at all: they are missing too).
 * @param {string[]} wanted
 * @param {string} dpkgOutput
 */
export function missingPackages(wanted, dpkgOutput) {
  const installed = new Set(
    dpkgOutput
      .split('\n')
      .map((line) => line.split(' '))
      .filter(([, status]) => status === 'installed')
      .map(([name]) => name),
  );
  return wanted.filter((name) => !installed.has(name));
}

/**
 * @typedef {{ kind: 'install', apt: [string, ...string[]] }
 *   | { kind: 'ask', command: string }} InstallDecision
 */

/**
 * How missing packages get installed: apt-get as is for root, through `sudo -n` where that needs
 * no password, else the exact command for the person to run (a launcher must never sit at a
 * password prompt a script cannot see).
 * @param {{ missing: string[], uid: number | undefined, sudoWithoutPassword: () => boolean }} facts
 * @returns {InstallDecision}
 */
export function decideInstall(facts) {
  // `env` sets the frontend through sudo too, which may not pass the environment on.
  /** @type {[string, ...string[]]} */
  const apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  if (facts.uid === 0) return { kind: 'install', apt };
  if (facts.sudoWithoutPassword()) return { kind: 'install', apt: ['sudo', '-n', ...apt] };
  return {
    kind: 'ask',
    command: `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${facts.missing.join(' ')}`,
  };
}

/** Whether `sudo -n` runs a command here without asking for a password. */
export function sudoWithoutPassword() {
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
}

/**
 * What dpkg says of the wanted packages, or undefined where there is no dpkg (not Debian or
 * Ubuntu): the launcher cannot tell what is installed there.
 * @param {string[]} wanted
 * @param {Env} env
 */
export function queryDpkg(wanted, env) {
  const result = spawnSync(
    'dpkg-query',
    ['-W', '-f', '${Package} ${db:Status-Status}\\n', ...wanted],
    {
      env,
      encoding: 'utf8',
    },
  );
  if (result.error) return undefined;
  return result.stdout;
}

/**
 * Installs the missing packages with apt-get, quietly, with no question asked.
 * @param {string[]} missing @param {[string, ...string[]]} apt how apt-get is started @param {Env} env
 */
export async function aptInstall(missing, apt, env) {
  const [file, ...rest] = apt;
  await runQuiet(file, [...rest, 'update', '-qq'], { env, label: 'apt-get update' });
  await runQuiet(file, [...rest, 'install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env,
    label: `apt-get install ${missing.join(' ')}`,
  });
}

/** @param {InstallDecision} decision @returns {asserts decision is { kind: 'install', apt: [string, ...string[]] }} */
export function refuseUnlessInstallable(decision) {
  if (decision.kind === 'ask') {
    throw new LaunchError(
      `system packages are missing and this user cannot install them: run \`${decision.command}\`, then the command again.`,
    );
  }
}
