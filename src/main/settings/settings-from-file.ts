import { migrateSettings } from './migrations';
import {
  SETTINGS_SCHEMA_VERSION,
  type Settings,
  type StoredAccount,
  defaultSettings,
  settingsSchema,
  storedAccountSchema,
} from '../../shared/settings/settings-schema';

export interface SettingsFromFile {
  readonly settings: Settings;
  /** Plain sentences; empty when the file was fine. Any problem means the file must be backed up. */
  readonly problems: string[];
  /** The content differs from what is stored (migrated or repaired): the file should be rewritten. */
  readonly needsWrite: boolean;
}

/**
 * Reads a stored settings object: migrates it to the current version, then keeps every field that
 * is valid and resets only the others, each reset named in `problems`. A file from a newer version
 * cannot be interpreted, so it yields the defaults (the caller backs the file up first).
 */
export function settingsFromFile(stored: Readonly<Record<string, unknown>>): SettingsFromFile {
  const problems: string[] = [];
  const version = storedVersion(stored, problems);
  if (version > SETTINGS_SCHEMA_VERSION) {
    return {
      settings: defaultSettings(),
      problems: [
        `The settings file was written by a newer version of Proxy Tray (settings version ${version}; this version knows up to ${SETTINGS_SCHEMA_VERSION}), so the default settings are used.`,
      ],
      needsWrite: true,
    };
  }
  const migrated = migrateSettings(stored, version);
  const defaults = defaultSettings();
  const shape = settingsSchema.shape;
  const fields: Record<string, unknown> = {};

  for (const key of Object.keys(migrated)) {
    if (!Object.hasOwn(shape, key)) {
      problems.push(`The unknown setting “${shortKey(key)}” was removed.`);
    }
  }
  for (const key of Object.keys(shape) as (keyof Settings)[]) {
    if (key === 'schemaVersion') continue;
    if (key === 'accounts') {
      fields[key] = validAccounts(migrated[key], problems);
      continue;
    }
    const parsed = shape[key].safeParse(migrated[key]);
    if (parsed.success) {
      fields[key] = parsed.data;
    } else {
      // Stryker disable next-line OptionalChaining,StringLiteral: a failed zod parse always has an issue; the fallback only gives issues[0] its type
      const reason = parsed.error.issues[0]?.message ?? 'invalid value';
      problems.push(
        `The setting “${key}” was not valid and was reset to its default (${JSON.stringify(defaults[key])}): ${reason}`,
      );
      fields[key] = defaults[key];
    }
  }

  const accounts = fields['accounts'] as StoredAccount[];
  const activeAccountId = fields['activeAccountId'] as string | null;
  if (activeAccountId !== null && !accounts.some((account) => account.id === activeAccountId)) {
    problems.push('The active account was not one of the stored accounts, so none is active.');
    fields['activeAccountId'] = null;
  }

  return {
    settings: settingsSchema.parse(fields),
    problems,
    needsWrite: problems.length > 0 || version !== SETTINGS_SCHEMA_VERSION,
  };
}

function storedVersion(stored: Readonly<Record<string, unknown>>, problems: string[]): number {
  const version = stored['schemaVersion'];
  if (version === undefined) return 0;
  // `typeof version === 'number'` as true is equivalent, left to survive: isSafeInteger refuses
  // every other type.
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) return version;
  problems.push(
    'The settings file had an unreadable version number; its settings were read as the current version.',
  );
  return SETTINGS_SCHEMA_VERSION;
}

/** Keeps each valid account (the first of any repeated id), so one bad entry costs only itself. */
function validAccounts(value: unknown, problems: string[]): StoredAccount[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push('The stored accounts were not a list and were removed; sign in again.');
    return [];
  }
  const accounts: StoredAccount[] = [];
  value.forEach((entry: unknown, index) => {
    const parsed = storedAccountSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(
        `Stored account number ${index + 1} was not valid and was removed; sign in again.`,
      );
    } else if (accounts.some((account) => account.id === parsed.data.id)) {
      problems.push(
        `Stored account number ${index + 1} repeated an earlier account and was removed.`,
      );
    } else {
      accounts.push(parsed.data);
    }
  });
  return accounts;
}

function shortKey(key: string): string {
  return key.length > 60 ? `${key.slice(0, 60)}…` : key;
}
