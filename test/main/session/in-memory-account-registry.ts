import type { AccountRegistry, StoredAccount } from '../../../src/main/session/account-registry';

/**
 * The settings store's part that remembers accounts, in memory. Its fields are public on
 * purpose: `JSON.stringify(registry)` shows everything it holds, as a settings file would.
 * It keeps copies, as a store that writes to disk does, so nobody edits its records behind it.
 */
export class InMemoryAccountRegistry implements AccountRegistry {
  accounts: StoredAccount[] = [];
  active: string | null = null;
  lastUrl: string | null = null;
  saves = 0;

  list(): StoredAccount[] {
    return structuredClone(this.accounts);
  }

  activeId(): string | null {
    return this.active;
  }

  save(accounts: StoredAccount[], activeId: string | null): void {
    this.accounts = structuredClone(accounts);
    this.active = activeId;
    // As the settings store does: the active account's URL, kept when none is left.
    this.lastUrl = accounts.find((account) => account.id === activeId)?.serviceUrl ?? this.lastUrl;
    this.saves++;
  }

  lastServiceUrl(): string | null {
    return this.lastUrl;
  }
}
