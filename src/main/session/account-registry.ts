import type { StoredAccount } from '../../shared/settings/settings-schema';

/**
 * An account the app remembers between runs (its schema is the settings file's). Never a token:
 * tokens live in the vault, under the account's id.
 */
export type { StoredAccount };

/** Where the session remembers its accounts and which one is active (the settings store). */
export interface AccountRegistry {
  list(): StoredAccount[];
  activeId(): string | null;
  save(accounts: StoredAccount[], activeId: string | null): void;
  /** The service URL of the account last made active, still known after the last sign-out. */
  lastServiceUrl(): string | null;
}
