import type { HostChoice } from '../../shared/credentials/host-choices';
import { type CreateConfStore, openConfFile, writeStored } from '../store/conf-file';
import { loadRecoverableFile } from '../store/recoverable-file';
import type { StoreRecovery } from '../store/store-recovery';
import {
  HOST_CHOICES_SCHEMA_VERSION,
  type HostChoicesByAccount,
  hostChoicesFromFile,
} from './host-choices-from-file';

/**
 * The host choice (entry / assigned IPv4 / assigned IPv6) each plan's copies use, remembered per
 * account as the user last picked it in the copy menu. Kept in the main process, in a file of its
 * own (`host-choices.json`) beside the labels: the main process makes every copy (the Copy button,
 * Enter, the tray menu), so the choice must be where copies are made, not in the popup's
 * localStorage; and a map that grows with the plans does not belong in the validated settings,
 * whose reset must not lose it (nor it the settings).
 */
export interface HostChoiceStore {
  readonly path: string;
  get(accountId: string, planId: number): HostChoice | undefined;
  /** Every plan of the account that has a choice of its own. */
  ofAccount(accountId: string): ReadonlyMap<number, HostChoice>;
  /** Throws a StoreError of kind `storage` when the file cannot be written (nothing changes). */
  set(accountId: string, planId: number, choice: HostChoice): void;
  /** The plan's copies follow the settings again. Throws as `set` does. */
  forget(accountId: string, planId: number): void;
  /** Set when the stored file could not be used as it was and a backup of it was kept. */
  recovery(): StoreRecovery | undefined;
}

export interface OpenHostChoiceStoreOptions {
  readonly createStore: CreateConfStore;
  readonly now?: () => Date;
}

const FILE_NAME = 'host-choices';

/**
 * Opens the file. One that cannot be used as it is gets copied to
 * `host-choices.invalid-<time>.json` first and is then replaced by every valid entry, as the
 * labels and settings files are; `recovery()` says what happened.
 */
export function openHostChoiceStore(options: OpenHostChoiceStoreOptions): HostChoiceStore {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, FILE_NAME);
  const { content: choices, recovery } = loadRecoverableFile(
    conf.path,
    'host choices',
    now,
    (stored) => {
      const { choices: read, problems } = hostChoicesFromFile(stored);
      return { content: read, problems };
    },
    (): HostChoicesByAccount => new Map(),
  );
  if (recovery !== undefined) writeStored(conf, toStored(choices), 'host choices');

  return {
    path: conf.path,
    get: (accountId, planId) => choices.get(accountId)?.get(planId),
    ofAccount: (accountId) => new Map(choices.get(accountId)),
    set(accountId, planId, choice) {
      const accountChoices = choices.get(accountId) ?? new Map<number, HostChoice>();
      const previous = accountChoices.get(planId);
      if (previous === choice) return;
      const next: HostChoicesByAccount = new Map(choices);
      next.set(accountId, new Map(accountChoices).set(planId, choice));
      // Written first: a failed write leaves memory as the file is.
      writeStored(conf, toStored(next), 'host choices');
      choices.set(accountId, accountChoices.set(planId, choice));
    },
    forget(accountId, planId) {
      const accountChoices = choices.get(accountId);
      if (!accountChoices?.has(planId)) return;
      const remaining = new Map(accountChoices);
      remaining.delete(planId);
      const next: HostChoicesByAccount = new Map(choices).set(accountId, remaining);
      // Written first: a failed write leaves memory as the file is.
      writeStored(conf, toStored(next), 'host choices');
      choices.set(accountId, remaining);
    },
    recovery: () =>
      recovery && { backupPath: recovery.backupPath, problems: [...recovery.problems] },
  };
}

function toStored(choices: HostChoicesByAccount): Record<string, unknown> {
  // Built without a prototype, so an account id such as "__proto__" stays an ordinary key.
  const byAccount = Object.create(null) as Record<string, Record<string, HostChoice>>;
  for (const [accountId, entries] of choices) {
    const stored = Object.create(null) as Record<string, HostChoice>;
    for (const [planId, choice] of entries) stored[String(planId)] = choice;
    byAccount[accountId] = stored;
  }
  return { schemaVersion: HOST_CHOICES_SCHEMA_VERSION, hostChoices: byAccount };
}
