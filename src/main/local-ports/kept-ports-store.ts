import { type CreateConfStore, openConfFile, writeStored } from '../store/conf-file';
import { loadRecoverableFile } from '../store/recoverable-file';
import type { StoreRecovery } from '../store/store-recovery';
import { storedByAccount, withEntries } from '../store/lists-by-account';
import {
  KEPT_PORTS_SCHEMA_VERSION,
  type KeptByAccount,
  type KeptPort,
  keptPortsFromFile,
} from './kept-ports-from-file';

/**
 * What each account keeps of its local ports on this computer, in `local-ports.json`: the
 * ports reopened at start, and the proxies whose browser profile outlives its browser. Every
 * change throws a StoreError (`storage`) when the file cannot be written, and then changes
 * nothing.
 */
export interface KeptPortsStore {
  readonly path: string;
  forAccount(accountId: string): readonly KeptPort[];
  /** Adds or replaces the proxy's entry. */
  keep(accountId: string, port: KeptPort): void;
  /** Forgets the proxy's entry, if any. */
  forget(accountId: string, proxyId: number): void;
  keepsBrowserProfile(accountId: string, proxyId: number): boolean;
  setKeepBrowserProfile(accountId: string, proxyId: number, keep: boolean): void;
  recovery(): StoreRecovery | undefined;
}

const WHAT = 'local ports';

export function openKeptPortsStore(options: {
  createStore: CreateConfStore;
  now?: () => Date;
}): KeptPortsStore {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, 'local-ports');
  const loaded = loadRecoverableFile(conf.path, WHAT, now, keptPortsFromFile, () => ({
    ports: new Map(),
    browserProfiles: new Map(),
  }));
  let kept: KeptByAccount = loaded.content;
  if (loaded.recovery !== undefined) writeStored(conf, toStored(kept), WHAT);

  /** Written first: a failed write leaves memory as the file is. */
  function save(next: KeptByAccount): void {
    writeStored(conf, toStored(next), WHAT);
    kept = next;
  }

  return {
    path: conf.path,
    forAccount: (accountId) => kept.ports.get(accountId) ?? [],
    keep(accountId, port) {
      const others = (kept.ports.get(accountId) ?? []).filter(
        (each) => each.proxyId !== port.proxyId,
      );
      save({ ...kept, ports: withEntries(kept.ports, accountId, [...others, port]) });
    },
    forget(accountId, proxyId) {
      const current = kept.ports.get(accountId);
      if (!current?.some((each) => each.proxyId === proxyId)) return;
      const ports = withEntries(
        kept.ports,
        accountId,
        current.filter((each) => each.proxyId !== proxyId),
      );
      save({ ...kept, ports });
    },
    keepsBrowserProfile: (accountId, proxyId) =>
      kept.browserProfiles.get(accountId)?.includes(proxyId) ?? false,
    setKeepBrowserProfile(accountId, proxyId, keep) {
      const current = kept.browserProfiles.get(accountId) ?? [];
      if (current.includes(proxyId) === keep) return;
      const others = current.filter((id) => id !== proxyId);
      const browserProfiles = withEntries(
        kept.browserProfiles,
        accountId,
        keep ? [...others, proxyId] : others,
      );
      save({ ...kept, browserProfiles });
    },
    recovery: () =>
      loaded.recovery && {
        backupPath: loaded.recovery.backupPath,
        problems: [...loaded.recovery.problems],
      },
  };
}

function toStored(kept: KeptByAccount): Record<string, unknown> {
  return {
    schemaVersion: KEPT_PORTS_SCHEMA_VERSION,
    ports: storedByAccount(kept.ports),
    browserProfiles: storedByAccount(kept.browserProfiles),
  };
}
