// Run in a child process by keytar-vault.test.ts, in an environment the test sets up (no D-Bus,
// a bus without a keychain, a locked keychain): stores a token and prints what came of it as JSON.
import { KeytarVault } from '../../../src/main/session/keytar-vault';
import { VaultError } from '../../../src/main/session/token-vault';

const PROBE_MARKER = 'KEYCHAIN-PROBE-RESULT ';

const [service = 'proxy-tray-test-probe', token = 'probe-token'] = process.argv.slice(2);
const vault = new KeytarVault({ service, timeoutMs: 15_000 });
try {
  await vault.set('probe-account', token);
  await vault.delete('probe-account');
  report({ ok: true });
} catch (error) {
  report(
    error instanceof VaultError
      ? {
          ok: false,
          name: error.name,
          kind: error.kind,
          message: error.message,
          detail: error.detail,
        }
      : { ok: false, name: 'unexpected', message: String(error) },
  );
}

/** On a line of its own after a marker: a keyring daemon started on demand may print to stdout. */
function report(result: object): void {
  process.stdout.write(`\n${PROBE_MARKER}${JSON.stringify(result)}\n`);
}
