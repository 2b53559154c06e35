import path from 'node:path';
import type { KeytarApi } from '../../main/session/keytar-vault';

/**
 * Where an installed build's `proxy-tray` executable (resources/bin/, a Node.js single executable:
 * scripts/cli-executable/) finds keytar: the app's own copy, which electron-builder unpacks from
 * app.asar because the OS loads a native module from a real file. The executable has no
 * node_modules of its own and cannot read inside app.asar.
 */
export function installedKeytarPath(executable: string): string {
  const resources = path.dirname(path.dirname(executable));
  return path.join(
    resources,
    'app.asar.unpacked',
    'node_modules',
    'keytar',
    'build',
    'Release',
    'keytar.node',
  );
}

/** Whether this process is that executable. */
export function isSingleExecutable(): boolean {
  // Asked of Node itself, not imported: a single executable has no module loader for files, and
  // the bundle would otherwise load node:sea for every command.
  return process.getBuiltinModule('node:sea').isSea();
}

/**
 * keytar loaded as the installed executable must: the native module's functions are keytar's API
 * (its lib/keytar.js only checks the arguments first, which the vault's callers always give).
 */
export async function loadInstalledKeytar(executable: string): Promise<KeytarApi> {
  // Async: a module that cannot be loaded is a rejection, which the vault words as such.
  const loaded = { exports: {} as KeytarApi };
  process.dlopen(loaded, installedKeytarPath(executable));
  return loaded.exports;
}
