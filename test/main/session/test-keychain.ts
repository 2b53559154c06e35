import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { afterEach } from 'vitest';
import { KeytarVault, type KeytarVaultOptions } from '../../../src/main/session/keytar-vault';

/**
 * The real OS keychain under a service name of this test file alone, emptied after every test,
 * so that no test sees another's tokens and nothing is left in the keyring.
 */
export function useTestKeychain() {
  const service = `proxy-tray-test-${randomUUID()}`;
  afterEach(async () => {
    for (const { account } of await keytar.findCredentials(service)) {
      await keytar.deletePassword(service, account);
    }
  });
  return {
    service,
    vault: (options: Omit<KeytarVaultOptions, 'service'> = {}) =>
      new KeytarVault({ service, ...options }),
    /** Reads the keychain directly, around our code. */
    stored: (account: string) => keytar.getPassword(service, account),
    entries: () => keytar.findCredentials(service),
  };
}
