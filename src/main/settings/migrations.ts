import { CLIPBOARD_CLEAR_MAX_SECONDS } from '../../shared/settings/settings-schema';

/**
 * Ordered migrations of the stored settings object: entry i turns version i into version i + 1.
 * A file without `schemaVersion` is version 0. Migrations work on the raw JSON object, before
 * validation, and must not throw: what they cannot convert they leave for validation to report.
 */
export type SettingsMigration = (
  stored: Readonly<Record<string, unknown>>,
) => Record<string, unknown>;

export const settingsMigrations: readonly SettingsMigration[] = [
  // 0 → 1: the clipboard delay was kept in milliseconds under another name.
  ({ clipboardClearDelay, ...rest }) => {
    if (clipboardClearDelay === undefined || 'clipboardClearSeconds' in rest) {
      return { ...rest, schemaVersion: 1 };
    }
    return {
      ...rest,
      schemaVersion: 1,
      clipboardClearSeconds: millisecondsToSeconds(clipboardClearDelay),
    };
  },
];

function millisecondsToSeconds(value: unknown): unknown {
  // Anything but a finite number is carried over as is, so that validation reports it.
  // (`typeof value !== 'number'` as false is equivalent, left to survive: isFinite refuses every
  // other type.)
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const seconds = Math.round(value / 1000);
  return Math.min(CLIPBOARD_CLEAR_MAX_SECONDS, Math.max(0, seconds));
}

/** Applies every migration after `fromVersion`; `fromVersion` must not exceed the current version. */
export function migrateSettings(
  stored: Readonly<Record<string, unknown>>,
  fromVersion: number,
): Record<string, unknown> {
  let migrated: Record<string, unknown> = { ...stored };
  for (const migration of settingsMigrations.slice(fromVersion)) {
    migrated = migration(migrated);
  }
  return migrated;
}
