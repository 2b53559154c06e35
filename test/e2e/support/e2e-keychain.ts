import { randomUUID } from 'node:crypto';
import keytar from 'keytar';
import { KeytarVault } from '../../../src/main/session/keytar-vault';

export interface E2eKeychain {
  /** The keychain service name of this test alone. */
  service: string;
  vault: KeytarVault;
  /** What the keychain holds under this test's service name. */
  entries(): Promise<{ account: string; password: string }[]>;
  /** Removes every entry this test left in the keychain. */
  clear(): Promise<void>;
}

/** The real keychain, under a service name no other test (nor the app) uses. */
export function e2eKeychain(): E2eKeychain {
  const service = `proxy-tray-e2e-${randomUUID()}`;
  return {
    service,
    vault: new KeytarVault({ service }),
    entries: () => keytar.findCredentials(service),
    async clear() {
      for (const { account } of await keytar.findCredentials(service)) {
        await keytar.deletePassword(service, account);
      }
    },
  };
}
