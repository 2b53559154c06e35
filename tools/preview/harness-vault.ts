import { keychainServiceOf } from '../../src/main/session/keychain-service';
import { KeytarVault } from '../../src/main/session/keytar-vault';
import { MemoryVault } from '../../src/main/session/memory-vault';
import type { TokenVault } from '../../src/main/session/token-vault';

/**
 * The real keychain where there is one, under the service name of this data dir (so a restart over
 * the same dir, and `proxy-tray` on it, find its tokens, and the harness never touches the app's own
 * entries); a memory vault, said out loud, where there is none.
 */
export async function harnessVault(
  dataDir: string,
): Promise<{ vault: TokenVault; description: string }> {
  const service = keychainServiceOf(dataDir);
  const keychain = new KeytarVault({ service, timeoutMs: 3_000 });
  try {
    await keychain.get('probe');
    return { vault: keychain, description: `in the system keychain (service "${service}")` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { vault: new MemoryVault(), description: `in memory only (${reason})` };
  }
}
