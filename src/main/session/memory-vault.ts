import type { TokenVault } from './token-vault';

/**
 * Tokens kept in this process only ("keep for this session"): never written anywhere, gone when
 * the app quits.
 */
export class MemoryVault implements TokenVault {
  readonly #tokens = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.#tokens.get(account) ?? null;
  }

  async set(account: string, token: string): Promise<void> {
    this.#tokens.set(account, token);
  }

  async delete(account: string): Promise<boolean> {
    return this.#tokens.delete(account);
  }
}
