import { VaultError } from './token-vault';

/**
 * Settles like `operation`, or rejects with a VaultError 'timeout' once `timeoutMs` has passed.
 * libsecret can wait forever (a keyring daemon that hangs, a prompt nobody sees); the app must
 * not. The operation itself cannot be cancelled: a late answer is ignored.
 */
export function withVaultDeadline<T>(operation: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(vaultTimeout(timeoutMs)), timeoutMs);
    operation.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function vaultTimeout(timeoutMs: number): VaultError {
  return new VaultError(
    'timeout',
    `The keychain did not answer within ${formatSeconds(timeoutMs)}: if it is asking for your password, answer it; otherwise restart your keychain service and try again.`,
  );
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
