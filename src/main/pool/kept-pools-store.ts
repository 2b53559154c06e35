import { type CreateConfStore, openConfFile, writeStored } from '../store/conf-file';
import { storedByAccount, withEntries } from '../store/lists-by-account';
import { loadRecoverableFile } from '../store/recoverable-file';
import type { StoreRecovery } from '../store/store-recovery';
import {
  KEPT_POOLS_SCHEMA_VERSION,
  type KeptPool,
  type KeptPoolsByAccount,
  keptPoolsFromFile,
} from './kept-pools-from-file';

/**
 * The pools each account keeps on this computer, in `pool-ports.json`. Every change throws a
 * StoreError (`storage`) when the file cannot be written, and then changes nothing.
 */
export interface KeptPoolsStore {
  readonly path: string;
  forAccount(accountId: string): readonly KeptPool[];
  /** Adds or replaces the pool's entry. */
  keep(accountId: string, pool: KeptPool): void;
  /** Forgets the pool's entry, if any. */
  forget(accountId: string, poolId: string): void;
  recovery(): StoreRecovery | undefined;
}

const WHAT = 'pool ports';

export function openKeptPoolsStore(options: {
  createStore: CreateConfStore;
  now?: () => Date;
}): KeptPoolsStore {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, 'pool-ports');
  const loaded = loadRecoverableFile(conf.path, WHAT, now, keptPoolsFromFile, () => new Map());
  let kept: KeptPoolsByAccount = loaded.content;
  const toStored = (pools: KeptPoolsByAccount) => ({
    schemaVersion: KEPT_POOLS_SCHEMA_VERSION,
    pools: storedByAccount(pools),
  });
  if (loaded.recovery !== undefined) writeStored(conf, toStored(kept), WHAT);

  /** Written first: a failed write leaves memory as the file is. */
  function save(next: KeptPoolsByAccount): void {
    writeStored(conf, toStored(next), WHAT);
    kept = next;
  }

  return {
    path: conf.path,
    forAccount: (accountId) => kept.get(accountId) ?? [],
    keep(accountId, pool) {
      const others = (kept.get(accountId) ?? []).filter((each) => each.poolId !== pool.poolId);
      save(withEntries(kept, accountId, [...others, pool]));
    },
    forget(accountId, poolId) {
      // Stryker disable next-line ArrayDeclaration: an account with no entry holds none of its pools either way
      const current = kept.get(accountId) ?? [];
      if (!current.some((each) => each.poolId === poolId)) return;
      save(
        withEntries(
          kept,
          accountId,
          current.filter((each) => each.poolId !== poolId),
        ),
      );
    },
    recovery: () =>
      loaded.recovery && {
        backupPath: loaded.recovery.backupPath,
        problems: [...loaded.recovery.problems],
      },
  };
}
