import type { z } from 'zod';
import { type CreateConfStore, openConfFile, writeStored } from '../store/conf-file';
import { loadRecoverableFile } from '../store/recoverable-file';
import { StoreError } from '../store/store-error';
import type { StoreRecovery } from '../store/store-recovery';
import { accountIdSchema, proxyIdSchema } from '../store/stored-ids';
import { LABELS_SCHEMA_VERSION, type StoredLabels, labelSchema } from './label-schema';
import { type LabelsByAccount, labelsFromFile } from './labels-from-file';

/**
 * Proxy labels, kept on this computer because the service accepts a label but never returns it.
 * Keyed by account id and proxy id. Each change is written at once, atomically, to `labels.json`
 * (a file of its own, so that resetting the settings never loses labels).
 */
export interface LabelStore {
  readonly path: string;
  get(accountId: string, proxyId: number): string | undefined;
  /**
   * Saves a label; an empty label removes it (that is how a person clears one). Throws a StoreError
   * of kind `invalid_input` for a label over 1000 characters or a bad id (nothing is written), or of
   * kind `storage` when the file cannot be written (the label is then unchanged in memory too).
   */
  set(accountId: string, proxyId: number, label: string): void;
  delete(accountId: string, proxyId: number): void;
  forAccount(accountId: string): ReadonlyMap<number, string>;
  /** Forgets every label of an account (on sign-out or account removal). */
  removeAccount(accountId: string): void;
  /** Set when the stored file could not be used as it was and a backup of it was kept. */
  recovery(): StoreRecovery | undefined;
}

export interface OpenLabelStoreOptions {
  readonly createStore: CreateConfStore;
  readonly now?: () => Date;
}

const FILE_NAME = 'labels';
/** How the messages name what this store keeps ("The labels could not be saved…"). */
const WHAT = 'labels';
const NO_LABELS: ReadonlyMap<number, string> = new Map();

/**
 * Opens the labels file. A file that cannot be used as it is gets copied to
 * `labels.invalid-<time>.json` first and is then replaced by every label that was valid;
 * `recovery()` says what happened. Throws a StoreError of kind `storage` when the file cannot be
 * read or the backup cannot be written (the file is then left as it was).
 */
export function openLabelStore(options: OpenLabelStoreOptions): LabelStore {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, FILE_NAME);
  const { content: labels, recovery } = loadRecoverableFile(
    conf.path,
    WHAT,
    now,
    (stored) => {
      const { labels: read, problems } = labelsFromFile(stored);
      return { content: read, problems };
    },
    (): LabelsByAccount => new Map(),
  );
  if (recovery !== undefined) writeStored(conf, toStored(labels), WHAT);

  /**
   * Gives an account its new labels (none: the account is forgotten, so the file keeps no empty
   * entry for it) and writes the file; when the write fails, the account's labels are put back.
   */
  function replaceAccount(accountId: string, next: Map<number, string>): void {
    const previous = labels.get(accountId);
    if (next.size === 0) labels.delete(accountId);
    else labels.set(accountId, next);
    try {
      writeStored(conf, toStored(labels), WHAT);
    } catch (error) {
      if (previous === undefined) labels.delete(accountId);
      else labels.set(accountId, previous);
      throw error;
    }
  }

  function remove(accountId: string, proxyId: number): void {
    const next = new Map(labels.get(accountId));
    if (next.delete(proxyId)) replaceAccount(accountId, next);
  }

  return {
    path: conf.path,
    get(accountId, proxyId) {
      return labels.get(accountId)?.get(proxyId);
    },
    set(accountId, proxyId, label) {
      checkIds(accountId, proxyId);
      const parsed = labelSchema.safeParse(label);
      if (!parsed.success) throw refused(parsed.error);
      if (parsed.data === '') return remove(accountId, proxyId);
      if (labels.get(accountId)?.get(proxyId) === parsed.data) return;
      replaceAccount(accountId, new Map(labels.get(accountId)).set(proxyId, parsed.data));
    },
    delete(accountId, proxyId) {
      checkIds(accountId, proxyId);
      remove(accountId, proxyId);
    },
    forAccount(accountId) {
      const found = labels.get(accountId);
      // A copy: the caller must not see later changes half-way, nor make any.
      return found ? new Map(found) : NO_LABELS;
    },
    removeAccount(accountId) {
      if (labels.has(accountId)) replaceAccount(accountId, new Map());
    },
    recovery: () =>
      recovery && { backupPath: recovery.backupPath, problems: [...recovery.problems] },
  };
}

function toStored(labels: LabelsByAccount): Record<string, unknown> {
  // Built without a prototype, so an account id such as "__proto__" stays an ordinary key.
  const byAccount: StoredLabels = Object.create(null) as StoredLabels;
  for (const [accountId, entries] of labels) {
    const stored: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [proxyId, label] of entries) stored[String(proxyId)] = label;
    byAccount[accountId] = stored;
  }
  return { schemaVersion: LABELS_SCHEMA_VERSION, labels: byAccount };
}

function checkIds(accountId: string, proxyId: number): void {
  const account = accountIdSchema.safeParse(accountId);
  if (!account.success) throw refused(account.error);
  const proxy = proxyIdSchema.safeParse(proxyId);
  if (!proxy.success) {
    throw new StoreError(
      'invalid_input',
      'The label was not saved: the proxy id must be a positive integer.',
    );
  }
}

function refused(error: z.ZodError): StoreError {
  // Stryker disable next-line OptionalChaining,StringLiteral: a failed zod parse always has an issue; the fallback only gives issues[0] its type
  const reason = error.issues[0]?.message ?? 'the value is not valid.';
  return new StoreError('invalid_input', `The label was not saved. ${reason}`, [reason]);
}
