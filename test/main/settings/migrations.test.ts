import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateSettings, settingsMigrations } from '../../../src/main/settings/migrations';
import { SETTINGS_SCHEMA_VERSION } from '../../../src/shared/settings/settings-schema';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { confIn, filesIn, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();

describe('settings migrations', () => {
  it('has one migration per version step', () => {
    expect(settingsMigrations).toHaveLength(SETTINGS_SCHEMA_VERSION);
  });

  it('0 → 1 turns clipboardClearDelay (ms) into clipboardClearSeconds', () => {
    expect(migrateSettings({ clipboardClearDelay: 45_000, theme: 'dark' }, 0)).toEqual({
      schemaVersion: 1,
      clipboardClearSeconds: 45,
      theme: 'dark',
    });
  });

  it('0 → 1 rounds to whole seconds and clamps to the allowed range', () => {
    expect(migrateSettings({ clipboardClearDelay: 1_499 }, 0)).toMatchObject({
      clipboardClearSeconds: 1,
    });
    expect(migrateSettings({ clipboardClearDelay: 1_500 }, 0)).toMatchObject({
      clipboardClearSeconds: 2,
    });
    expect(migrateSettings({ clipboardClearDelay: 3_600_000 }, 0)).toMatchObject({
      clipboardClearSeconds: 3600,
    });
    expect(migrateSettings({ clipboardClearDelay: 10_000_000 }, 0)).toMatchObject({
      clipboardClearSeconds: 3600,
    });
    expect(migrateSettings({ clipboardClearDelay: -5 }, 0)).toMatchObject({
      clipboardClearSeconds: 0,
    });
  });

  it('0 → 1 carries a non-number over, for validation to report', () => {
    expect(migrateSettings({ clipboardClearDelay: 'soon' }, 0)).toEqual({
      schemaVersion: 1,
      clipboardClearSeconds: 'soon',
    });
  });

  it('0 → 1 carries a number too large for the file format over, for validation to report', () => {
    // JSON.parse reads 1e400 as Infinity: no delay in seconds can stand for it.
    const stored = JSON.parse('{"clipboardClearDelay": 1e400}') as Record<string, unknown>;
    expect(migrateSettings(stored, 0)).toEqual({
      schemaVersion: 1,
      clipboardClearSeconds: Number.POSITIVE_INFINITY,
    });
  });

  it('0 → 1 leaves a file without the old key as it was, only marked version 1', () => {
    expect(migrateSettings({ theme: 'dark' }, 0)).toStrictEqual({
      schemaVersion: 1,
      theme: 'dark',
    });
  });

  it('0 → 1 keeps clipboardClearSeconds when both keys are present', () => {
    expect(migrateSettings({ clipboardClearDelay: 9_000, clipboardClearSeconds: 12 }, 0)).toEqual({
      schemaVersion: 1,
      clipboardClearSeconds: 12,
    });
  });

  it('does nothing to a current file', () => {
    const current = { schemaVersion: 1, clipboardClearSeconds: 5 };
    expect(migrateSettings(current, 1)).toEqual(current);
  });

  it('runs no migration of an earlier version on a current file, even over a stray old key', () => {
    const current = { schemaVersion: 1, clipboardClearDelay: 9_000 };
    expect(migrateSettings(current, 1)).toStrictEqual(current);
  });

  it('the store migrates a version-0 file, rewrites it, and needs no recovery', () => {
    const file = path.join(tempDir(), 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ clipboardClearDelay: 20_000, theme: 'light' }));
    const store = openSettingsStore({ createStore: confIn(tempDir()) });
    expect(store.recovery()).toBeUndefined();
    expect(store.get()).toMatchObject({ clipboardClearSeconds: 20, theme: 'light' });
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ schemaVersion: 1, clipboardClearSeconds: 20 });
    expect(stored).not.toHaveProperty('clipboardClearDelay');
    expect(filesIn(tempDir())).toEqual(['settings.json']);
  });

  it('the store migrates a file marked version 0 as one without a version', () => {
    const file = path.join(tempDir(), 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ schemaVersion: 0, clipboardClearDelay: 7_000 }));
    const store = openSettingsStore({ createStore: confIn(tempDir()) });
    expect(store.recovery()).toBeUndefined();
    expect(store.get().clipboardClearSeconds).toBe(7);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      schemaVersion: 1,
      clipboardClearSeconds: 7,
    });
  });

  it('a version-0 value the migration cannot convert is reset and reported', () => {
    fs.writeFileSync(
      path.join(tempDir(), 'settings.json'),
      JSON.stringify({ clipboardClearDelay: 'soon', theme: 'dark' }),
    );
    const store = openSettingsStore({ createStore: confIn(tempDir()) });
    expect(store.get()).toMatchObject({ clipboardClearSeconds: 30, theme: 'dark' });
    expect(store.recovery()?.problems).toEqual([
      'The setting “clipboardClearSeconds” was not valid and was reset to its default (30): The clipboard clear delay must be a whole number of seconds from 0 (never) to 3600.',
    ]);
  });
});
