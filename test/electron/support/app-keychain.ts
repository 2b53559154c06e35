import keytar from 'keytar';
import { APP_KEYCHAIN_SERVICE } from '../../../src/main/session/keytar-vault';
import { exitStatusOf, runTool } from './os-tools';

/** `security`'s exit status for "The specified item could not be found in the keychain." */
const MAC_ITEM_NOT_FOUND = 44;

/**
 * What the OS keychain holds for one of the app's accounts, read from the test process.
 *
 * On macOS the app's item is readable without a prompt only by the app itself: its access list
 * names the app, and another program asking for the secret gets a "wants to use your confidential
 * information" dialog that nobody on a CI runner answers. So there only the item's attributes are
 * read (`security find-generic-password` without -w), which proves the entry exists under the
 * account, not the token in it. Linux's Secret Service and Windows' Credential Manager have no
 * such per-program list: there keytar reads the token itself.
 */
export type AppKeychainEntry =
  { state: 'absent' } | { state: 'present'; token: string } | { state: 'present-unreadable' };

export async function readAppKeychainEntry(
  account: string,
  platform: NodeJS.Platform = process.platform,
): Promise<AppKeychainEntry> {
  if (platform === 'darwin') {
    const found = await onMacKeychainItem('find-generic-password', account);
    return found ? { state: 'present-unreadable' } : { state: 'absent' };
  }
  const token = await keytar.getPassword(APP_KEYCHAIN_SERVICE, account);
  return token === null ? { state: 'absent' } : { state: 'present', token };
}

/** What the test expects of an entry that holds `token`, as far as this OS lets the test see. */
export function entryHolding(
  token: string,
  platform: NodeJS.Platform = process.platform,
): AppKeychainEntry {
  return platform === 'darwin' ? { state: 'present-unreadable' } : { state: 'present', token };
}

/** Removes the app's entry for the account, if there is one. */
export async function deleteAppKeychainEntry(
  account: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  if (platform === 'darwin') {
    await onMacKeychainItem('delete-generic-password', account);
    return;
  }
  await keytar.deletePassword(APP_KEYCHAIN_SERVICE, account);
}

/** Runs a `security` command on the app's item for `account`; false when there is no such item. */
async function onMacKeychainItem(
  command: 'find-generic-password' | 'delete-generic-password',
  account: string,
): Promise<boolean> {
  try {
    await runTool('security', [command, '-s', APP_KEYCHAIN_SERVICE, '-a', account]);
    return true;
  } catch (error) {
    if (exitStatusOf(error) === MAC_ITEM_NOT_FOUND) return false;
    throw error;
  }
}
