import type { User } from '../../../shared/api/user';
import { bridge } from './bridge';

const APP_SILENT = 'The app did not answer. Check that Proxy Tray is running, then try again.';

/** A user record as the service last gave it, and for which account and when. */
export interface LoadedRecord {
  accountId: string;
  user: User;
  loadedAt: string;
}

/**
 * The signed-in account's user record for the Account details panel, fetched each time the panel
 * opens. A failed fetch keeps the record shown before and says why, beside it.
 */
class AccountDetailsStore {
  loaded = $state.raw<LoadedRecord | null>(null);
  loading = $state(false);
  /** Why the last fetch failed, with the account it was for; null after a success. */
  failure = $state.raw<{ accountId: string; message: string } | null>(null);
  /** Only the newest fetch may settle: an older answer may arrive after a newer one. */
  #latest = 0;

  /** The record of this account, never another's that was loaded before a switch. */
  recordOf(accountId: string): LoadedRecord | null {
    return this.loaded?.accountId === accountId ? this.loaded : null;
  }

  failureOf(accountId: string): string | null {
    return this.failure?.accountId === accountId ? this.failure.message : null;
  }

  async load(accountId: string): Promise<void> {
    const request = ++this.#latest;
    this.loading = true;
    // The bridge answers failures as data; only a transport that is gone rejects.
    const result = await bridge()
      .account.get()
      .catch(() => ({ ok: false as const, error: { message: APP_SILENT } }));
    if (request !== this.#latest) return;
    this.loading = false;
    if (result.ok) {
      this.loaded = { accountId, user: result.value, loadedAt: new Date().toISOString() };
      this.failure = null;
    } else {
      this.failure = { accountId, message: result.error.message };
    }
  }
}

export const accountDetails = new AccountDetailsStore();
