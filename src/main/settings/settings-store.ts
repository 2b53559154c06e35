import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  type CreateConfStore,
  openConfFile,
  readStoredBytes,
  writeStored,
} from '../store/conf-file';
import { backUpInvalidFile } from '../store/invalid-file-backup';
import { settingsFromFile } from './settings-from-file';
import {
  type Settings,
  type StoredAccount,
  accountsUpdateSchema,
  defaultSettings,
  settingsPatchSchema,
} from '../../shared/settings/settings-schema';
import { StoreError } from '../store/store-error';
import { type StoreRecovery, summariseProblems } from '../store/store-recovery';
import { parseStoredJson } from '../store/stored-json';

export type SettingsListener = (settings: Settings, previous: Settings) => void;

export interface SettingsStore {
  /** Where the settings live (for a "show file" action and for messages). */
  readonly path: string;
  get(): Settings;
  /**
   * Applies a change from the popup. The patch is validated here (it may come straight from IPC):
   * unknown keys, accounts and out-of-range values are refused with a StoreError of kind
   * `invalid_input` whose message says what to fix, and nothing is written.
   */
  update(patch: unknown): Settings;
  /**
   * Called after every change that altered a value, with the new and previous settings. Every
   * listener runs; if one throws, the first error is rethrown after the others ran (the change
   * itself is saved by then).
   */
  onChange(listener: SettingsListener): () => void;
  /** For the session service only: the accounts and which one is active. */
  setAccounts(accounts: readonly StoredAccount[], activeAccountId: string | null): Settings;
  /** Set when the stored file could not be used as it was and a backup of it was kept. */
  recovery(): StoreRecovery | undefined;
}

export interface OpenSettingsStoreOptions {
  readonly createStore: CreateConfStore;
  readonly now?: () => Date;
}

const FILE_NAME = 'settings';

/**
 * Opens the settings file. A file that cannot be used as it is (not JSON, invalid fields, from a
 * newer version) is copied to `settings.invalid-<time>.json` first and then replaced by what could
 * be kept, so nothing is lost silently; `recovery()` says what happened. Throws a StoreError of kind
 * `storage` when the file cannot be read or the backup cannot be written (the file is then left as
 * it was).
 */
export function openSettingsStore(options: OpenSettingsStoreOptions): SettingsStore {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, FILE_NAME);
  const { settings, recovery } = loadSettings(conf.path, now);
  // Stryker disable next-line ConditionalExpression: a recovery always comes with needsWrite (every problem asks for a rewrite); the recovery is named for the reader
  if (recovery !== undefined || settings.needsWrite) {
    writeStored(conf, settings.value, 'settings');
  }

  let current: Settings = frozen(settings.value);
  const listeners = new Set<SettingsListener>();

  function commit(next: Settings): Settings {
    if (isDeepStrictEqual(next, current)) return current;
    writeStored(conf, next, 'settings');
    const previous = current;
    current = frozen(next);
    notify(listeners, current, previous);
    return current;
  }

  return {
    path: conf.path,
    get: () => current,
    update(patch) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) throw refused(parsed.error);
      const changes = Object.fromEntries(
        Object.entries(parsed.data).filter(([, value]) => value !== undefined),
      );
      return commit({ ...current, ...changes });
    },
    onChange(listener) {
      // A wrapper, so that the same function subscribed twice is also unsubscribed once per call.
      const entry: SettingsListener = (settings, previous) => listener(settings, previous);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    setAccounts(accounts, activeAccountId) {
      const parsed = accountsUpdateSchema.safeParse({ accounts, activeAccountId });
      if (!parsed.success) throw refused(parsed.error);
      const active = parsed.data.accounts.find((account) => account.id === activeAccountId);
      // Signing out of the last account keeps the URL: the next sign-in is most likely there.
      const lastServiceUrl = active?.serviceUrl ?? current.lastServiceUrl;
      return commit({ ...current, ...parsed.data, lastServiceUrl });
    },
    recovery: () =>
      recovery && { backupPath: recovery.backupPath, problems: [...recovery.problems] },
  };
}

interface LoadedSettings {
  readonly settings: { readonly value: Settings; readonly needsWrite: boolean };
  readonly recovery?: StoreRecovery;
}

function loadSettings(filePath: string, now: () => Date): LoadedSettings {
  const bytes = readStoredBytes(filePath, 'settings');
  if (bytes === undefined) return { settings: { value: defaultSettings(), needsWrite: false } };
  const stored = parseStoredJson(bytes, 'settings');
  const fromFile = stored.ok
    ? settingsFromFile(stored.value)
    : // Stryker disable next-line BooleanLiteral: the recovery this always comes with makes the store write the file already
      { settings: defaultSettings(), problems: [stored.problem], needsWrite: true };
  const settings = { value: fromFile.settings, needsWrite: fromFile.needsWrite };
  if (fromFile.problems.length === 0) return { settings };
  const backupPath = backUpInvalidFile(filePath, bytes, now());
  return { settings, recovery: { backupPath, problems: summariseProblems(fromFile.problems) } };
}

/** Frozen, so that a caller who edits what get() returned gets an error instead of a silent change. */
function frozen(settings: Settings): Settings {
  for (const account of settings.accounts) Object.freeze(account);
  Object.freeze(settings.accounts);
  return Object.freeze(settings);
}

function notify(listeners: Set<SettingsListener>, settings: Settings, previous: Settings): void {
  const errors: unknown[] = [];
  for (const listener of [...listeners]) {
    try {
      listener(settings, previous);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/** One sentence per refused field; unknown keys get their own, since zod names them only as keys. */
function refused(error: z.ZodError): StoreError {
  const problems = error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') {
      // Nested paths come from setAccounts (a bad account field); the popup's fields are flat.
      return [issue.path.length > 1 ? `${issue.path.join('.')}: ${issue.message}` : issue.message];
    }
    return issue.keys.map((key) =>
      key === 'accounts' || key === 'activeAccountId'
        ? 'Accounts change only when you sign in or out, not through the settings.'
        : `“${key.slice(0, 60)}” is not a setting that can be changed.`,
    );
  });
  const unique = [...new Set(problems)];
  return new StoreError(
    'invalid_input',
    `The settings were not changed. ${unique.join(' ')}`,
    unique,
  );
}
