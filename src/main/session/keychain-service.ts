import { createHash } from 'node:crypto';
import path from 'node:path';
import { APP_KEYCHAIN_SERVICE } from './keytar-vault';

/**
 * The keychain service a data folder's tokens are kept under: the app's own for the app's folder,
 * and one of each other folder's (a development run, the preview, the tests), so that every
 * process working on one folder — the app, the browser preview, `proxy-tray` — finds the same
 * tokens, and none of them ever touches the installed app's entries from another folder.
 */
export function keychainServiceOf(dataFolder: string | undefined): string {
  if (dataFolder === undefined) return APP_KEYCHAIN_SERVICE;
  const hash = createHash('sha256').update(path.resolve(dataFolder)).digest('hex').slice(0, 12);
  return `proxy-tray-data-${hash}`;
}
