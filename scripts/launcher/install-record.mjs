import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What node_modules was installed from, written after every install (the launcher's, and npm's
 * own through `postinstall`), so that a changed lockfile or another Node is seen before any code
 * runs. src/main/session/addon-build-check.ts reads its `node` to refuse keytar built for another.
 */
export const RECORD_PATH = join('node_modules', '.proxy-tray-install.json');

/** @typedef {{ node: string, platform: string, arch: string, lockfile: string }} InstallRecord */

/** @param {string} root */
export function lockfileDigest(root) {
  return createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
}

/**
 * This run's facts in the record's form.
 * @param {string} root
 * @returns {InstallRecord}
 */
export function currentInstall(root) {
  return {
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    lockfile: lockfileDigest(root),
  };
}

/**
 * @param {string} root
 * @returns {Partial<InstallRecord> | undefined} undefined when there is none or it cannot be read
 */
export function readInstallRecord(root) {
  try {
    const parsed = JSON.parse(readFileSync(join(root, RECORD_PATH), 'utf8'));
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** @param {string} root @param {InstallRecord} record */
export function writeInstallRecord(root, record) {
  writeFileSync(join(root, RECORD_PATH), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * @typedef {{ kind: 'ready' }
 *   | { kind: 'install', reason: string }
 *   | { kind: 'rebuild', reason: string }} ModulesDecision
 */

/**
 * Whether node_modules can be used as it is, needs `npm ci`, or only its native addons rebuilt
 * (same lockfile, another Node: the packages are right, keytar's binary is not).
 * @param {{ installed: boolean, record: Partial<InstallRecord> | undefined, current: InstallRecord }} facts
 * @returns {ModulesDecision}
 */
export function decideModules({ installed, record, current }) {
  if (!installed) return { kind: 'install', reason: 'node_modules is missing' };
  if (!record)
    return { kind: 'install', reason: 'node_modules has no record of what it was installed from' };
  if (record.platform !== current.platform || record.arch !== current.arch) {
    return {
      kind: 'install',
      reason: `node_modules was installed on ${record.platform} ${record.arch}`,
    };
  }
  if (record.lockfile !== current.lockfile) {
    return {
      kind: 'install',
      reason: 'package-lock.json changed since node_modules was installed',
    };
  }
  if (record.node !== current.node) {
    return {
      kind: 'rebuild',
      reason: `native addons were built for Node.js ${record.node}, this is ${current.node}`,
    };
  }
  return { kind: 'ready' };
}

/** @param {string} root */
export function modulesInstalled(root) {
  return existsSync(join(root, 'node_modules'));
}
