import { MAX_PINNED, MAX_RECENT } from '../../shared/favorites/favorite-limits';
import { accountIdSchema, proxyIdSchema } from '../store/stored-ids';
import { type CreateConfStore, openConfFile, writeStored } from '../store/conf-file';
import { loadRecoverableFile } from '../store/recoverable-file';
import { StoreError } from '../store/store-error';
import type { StoreRecovery } from '../store/store-recovery';
import {
  type AccountFavorites,
  FAVORITES_SCHEMA_VERSION,
  type FavoritesByAccount,
  favoritesFromFile,
} from './favorites-from-file';

/**
 * The proxies each account pinned (in the order they were pinned) and the last MAX_RECENT it
 * copied (most recent first, each once), kept on this computer like the labels, in a file of its
 * own (`favorites.json`): resetting the settings never loses them. Ids are kept as given: a
 * proxy that left the listing is simply not shown, and shows again if it comes back.
 */
export interface FavoritesStore {
  readonly path: string;
  forAccount(accountId: string): AccountFavorites;
  /**
   * Pins a proxy at the end of the list, or unpins it; the same state again changes nothing.
   * Throws a StoreError of kind `invalid_input` past MAX_PINNED pins or for a bad id, or of kind
   * `storage` when the file cannot be written (nothing changes then).
   */
  setPinned(accountId: string, proxyId: number, pinned: boolean): void;
  /** A copy of this proxy succeeded: it heads the recent ones. Throws as `setPinned`. */
  recordCopy(accountId: string, proxyId: number): void;
  /** Told the account whose favorites changed, after the change is written. */
  onChange(listener: (accountId: string) => void): () => void;
  /** Set when the stored file could not be used as it was and a backup of it was kept. */
  recovery(): StoreRecovery | undefined;
}

export interface OpenFavoritesStoreOptions {
  readonly createStore: CreateConfStore;
  readonly now?: () => Date;
}

const FILE_NAME = 'favorites';
const WHAT = 'pinned and recent proxies';
const NONE: AccountFavorites = Object.freeze({ pinned: [], recent: [] });

/**
 * Opens the file. One that cannot be used as it is gets copied to
 * `favorites.invalid-<time>.json` first and is then replaced by every valid entry, as the labels
 * file is; `recovery()` says what happened.
 */
export function openFavoritesStore(options: OpenFavoritesStoreOptions): FavoritesStore {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, FILE_NAME);
  const loaded = loadRecoverableFile(conf.path, WHAT, now, favoritesFromFile, () => new Map());
  const favorites: FavoritesByAccount = loaded.content;
  const { recovery } = loaded;
  if (recovery !== undefined) writeStored(conf, toStored(favorites), WHAT);
  const listeners = new Set<(accountId: string) => void>();

  /** Written first: a failed write leaves memory as the file is. */
  function replace(accountId: string, next: AccountFavorites): void {
    const all: FavoritesByAccount = new Map(favorites);
    if (next.pinned.length === 0 && next.recent.length === 0) all.delete(accountId);
    else all.set(accountId, next);
    writeStored(conf, toStored(all), WHAT);
    if (all.has(accountId)) favorites.set(accountId, next);
    else favorites.delete(accountId);
    for (const listener of listeners) listener(accountId);
  }

  return {
    path: conf.path,
    forAccount: (accountId) => favorites.get(accountId) ?? NONE,
    setPinned(accountId, proxyId, pinned) {
      checkIds(accountId, proxyId);
      const current = favorites.get(accountId) ?? NONE;
      if (current.pinned.includes(proxyId) === pinned) return;
      if (pinned && current.pinned.length >= MAX_PINNED) {
        throw new StoreError(
          'invalid_input',
          `At most ${MAX_PINNED} proxies can be pinned: unpin one first.`,
        );
      }
      const others = current.pinned.filter((id) => id !== proxyId);
      replace(accountId, { ...current, pinned: pinned ? [...others, proxyId] : others });
    },
    recordCopy(accountId, proxyId) {
      checkIds(accountId, proxyId);
      const current = favorites.get(accountId) ?? NONE;
      if (current.recent[0] === proxyId) return;
      const recent = [proxyId, ...current.recent.filter((id) => id !== proxyId)];
      replace(accountId, { ...current, recent: recent.slice(0, MAX_RECENT) });
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    recovery: () =>
      recovery && { backupPath: recovery.backupPath, problems: [...recovery.problems] },
  };
}

function toStored(favorites: FavoritesByAccount): Record<string, unknown> {
  // Built without a prototype, so an account id such as "__proto__" stays an ordinary key.
  const byAccount = Object.create(null) as Record<string, AccountFavorites>;
  for (const [accountId, entry] of favorites) {
    byAccount[accountId] = { pinned: [...entry.pinned], recent: [...entry.recent] };
  }
  return { schemaVersion: FAVORITES_SCHEMA_VERSION, favorites: byAccount };
}

function checkIds(accountId: string, proxyId: number): void {
  if (!accountIdSchema.safeParse(accountId).success || !proxyIdSchema.safeParse(proxyId).success) {
    throw new StoreError('invalid_input', 'The pin was not saved: the proxy is not valid.');
  }
}
