import { addonBuildMismatch } from './addon-build-check';
import { toVaultError } from './keychain-error-mapping';
import { VaultError, type TokenVault } from './token-vault';
import { withVaultDeadline } from './vault-deadline';

/** The part of keytar this vault uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** The keychain service name the app keeps its tokens under (the smoke tests look there too). */
export const APP_KEYCHAIN_SERVICE = 'Proxy Tray';

export interface KeytarVaultOptions {
  /** The keychain's service name: APP_KEYCHAIN_SERVICE in the app, a unique one in tests. */
  service: string;
  /** Deadline of every keychain call. Default 10 s. */
  timeoutMs?: number;
  /** Where keytar comes from; tests hand in a stand-in that misbehaves. */
  loadKeytar?: () => Promise<KeytarApi>;
}

export const DEFAULT_KEYCHAIN_TIMEOUT_MS = 10_000;

/**
 * Tokens in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on
 * Linux). keytar is a native module: it is loaded on first use, so an app whose module is
 * missing or built for another ABI still starts and says what is wrong.
 */
export class KeytarVault implements TokenVault {
  readonly #service: string;
  readonly #timeoutMs: number;
  readonly #loadKeytar: () => Promise<KeytarApi>;
  #keytar: Promise<KeytarApi> | undefined;

  constructor(options: KeytarVaultOptions) {
    if (!options.service) throw new TypeError('KeytarVault needs a service name');
    this.#service = options.service;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;
    this.#loadKeytar = options.loadKeytar ?? loadRealKeytar;
  }

  get(account: string): Promise<string | null> {
    return this.#call((keytar) => keytar.getPassword(this.#service, account));
  }

  set(account: string, token: string): Promise<void> {
    return this.#call((keytar) => keytar.setPassword(this.#service, account, token), [token]);
  }

  delete(account: string): Promise<boolean> {
    return this.#call((keytar) => keytar.deletePassword(this.#service, account));
  }

  // Stryker disable next-line ArrayDeclaration: a default secret no keychain message holds masks nothing
  async #call<T>(operation: (keytar: KeytarApi) => Promise<T>, secrets: string[] = []): Promise<T> {
    try {
      return await withVaultDeadline(this.#keytarModule().then(operation), this.#timeoutMs);
    } catch (error) {
      throw toVaultError(error, secrets);
    }
  }

  #keytarModule(): Promise<KeytarApi> {
    this.#keytar ??= this.#loadKeytar().catch((error: unknown) => {
      // Forget the failure: a later call tries again rather than repeating a stale answer.
      this.#keytar = undefined;
      if (error instanceof VaultError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new VaultError(
        'unavailable',
        `The keychain module could not be loaded: ${reason.slice(0, 300)}. Reinstall Proxy Tray to repair it.`,
        reason.slice(0, 300),
      );
    });
    return this.#keytar;
  }
}

async function loadRealKeytar(): Promise<KeytarApi> {
  // Checked before the import: loading keytar built for another Node can crash the process.
  const mismatch = addonBuildMismatch('keytar');
  if (mismatch) throw new VaultError('unavailable', `${mismatch}.`, mismatch);
  const module = await import('keytar');
  // keytar is CommonJS: its exports arrive as the default export.
  return module.default;
}
