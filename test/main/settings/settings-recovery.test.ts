import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/shared/settings/settings-schema';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { StoreError } from '../../../src/main/store/store-error';
import { confIn, filesIn, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2030-01-02T03:04:05.678Z');
const BACKUP_NAME = 'settings.invalid-2030-01-02T03-04-05.678Z.json';

function open() {
  return openSettingsStore({ createStore: confIn(tempDir()), now: () => NOW });
}

function writeSettingsFile(content: string | Uint8Array): Buffer {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  fs.writeFileSync(path.join(tempDir(), 'settings.json'), bytes);
  return bytes;
}

function storedSettings(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(tempDir(), 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

const alice = {
  id: 'acct-alice',
  serviceUrl: 'https://proxy.example.com/api/',
  userUuid: '3f0c8a4e-8c1e-4f5e-9a7b-2d1c0e9f8a7b',
  username: 'alice',
  displayName: 'Alice',
};

/** Opens the store over a damaged file and checks what every recovery must do. */
function expectRecovered(original: Buffer) {
  const store = open();
  const recovery = store.recovery();
  expect(recovery).toBeDefined();
  if (!recovery) throw new Error('unreachable');
  expect(recovery.backupPath).toBe(path.join(tempDir(), BACKUP_NAME));
  expect(fs.readFileSync(recovery.backupPath)).toEqual(original);
  expect(filesIn(tempDir())).toEqual([BACKUP_NAME, 'settings.json']);
  // The replacement is clean: opening again needs no recovery and gives the same settings.
  const again = openSettingsStore({ createStore: confIn(tempDir()) });
  expect(again.recovery()).toBeUndefined();
  expect(again.get()).toEqual(store.get());
  return { store, problems: recovery.problems };
}

describe('recovery of a settings file that cannot be used as it is', () => {
  it('not JSON: defaults, after a backup of the original bytes', () => {
    const original = writeSettingsFile('{"theme": "dark", oops');
    const { store, problems } = expectRecovered(original);
    expect(store.get()).toEqual(defaultSettings());
    expect(problems).toEqual(['The settings file was not valid JSON.']);
  });

  it('an empty file', () => {
    const original = writeSettingsFile('');
    const { store, problems } = expectRecovered(original);
    expect(store.get()).toEqual(defaultSettings());
    expect(problems).toEqual(['The settings file was empty.']);
    expect(original.length).toBe(0);
  });

  it('a file of blank lines only is empty too', () => {
    const { problems } = expectRecovered(writeSettingsFile(' \n\t\r\n'));
    expect(problems).toEqual(['The settings file was empty.']);
  });

  it('a file saved with a byte order mark (as some editors do) is read as it is', () => {
    const content = `\uFEFF${JSON.stringify({ schemaVersion: 1, theme: 'dark' })}`;
    writeSettingsFile(content);
    const store = open();
    expect(store.recovery()).toBeUndefined();
    expect(store.get().theme).toBe('dark');
    expect(filesIn(tempDir())).toEqual(['settings.json']);
  });

  it('JSON that is not an object', () => {
    const { problems } = expectRecovered(writeSettingsFile('[1, 2, 3]'));
    expect(problems).toEqual(['The settings file did not hold a JSON object.']);
  });

  it('bytes that are not UTF-8 are kept exactly in the backup', () => {
    const original = writeSettingsFile(new Uint8Array([0x7b, 0xff, 0xfe, 0x00, 0x7d]));
    const { problems } = expectRecovered(original);
    expect(problems).toEqual(['The settings file was not readable text (invalid UTF-8).']);
  });

  it('a wrong type in one field resets only that field', () => {
    const original = writeSettingsFile(
      JSON.stringify({
        schemaVersion: 1,
        accounts: [alice],
        activeAccountId: alice.id,
        theme: 42,
        refreshIntervalMinutes: 10,
        copyFormat: 'curl',
        globalHotkey: null,
      }),
    );
    const { store, problems } = expectRecovered(original);
    expect(store.get()).toEqual({
      ...defaultSettings(),
      accounts: [alice],
      activeAccountId: alice.id,
      refreshIntervalMinutes: 10,
      copyFormat: 'curl',
      globalHotkey: null,
    });
    expect(problems).toEqual([
      'The setting “theme” was not valid and was reset to its default ("system"): The theme must be one of: system, light, dark.',
    ]);
  });

  it('an out-of-range value is reset like a wrong type', () => {
    const { store, problems } = expectRecovered(
      writeSettingsFile(JSON.stringify({ schemaVersion: 1, clipboardClearSeconds: 99999 })),
    );
    expect(store.get().clipboardClearSeconds).toBe(30);
    expect(problems[0]).toContain('“clipboardClearSeconds”');
  });

  it('one bad account is dropped, the others kept; a dangling active id becomes null', () => {
    const broken = { ...alice, id: 'acct-broken', userUuid: 42 };
    const bob = { ...alice, id: 'acct-bob', username: 'bob' };
    const { store, problems } = expectRecovered(
      writeSettingsFile(
        JSON.stringify({
          schemaVersion: 1,
          accounts: [alice, broken, bob, { ...alice, username: 'again' }],
          activeAccountId: 'acct-broken',
          theme: 'dark',
        }),
      ),
    );
    expect(store.get()).toMatchObject({
      accounts: [alice, bob],
      activeAccountId: null,
      theme: 'dark',
    });
    expect(problems).toEqual([
      'Stored account number 2 was not valid and was removed; sign in again.',
      'Stored account number 4 repeated an earlier account and was removed.',
      'The active account was not one of the stored accounts, so none is active.',
    ]);
  });

  it('an unknown key is removed and reported, the rest kept', () => {
    const { store, problems } = expectRecovered(
      writeSettingsFile(JSON.stringify({ schemaVersion: 1, theme: 'light', sparkles: true })),
    );
    expect(store.get().theme).toBe('light');
    expect(problems).toEqual(['The unknown setting “sparkles” was removed.']);
    expect(storedSettings()).not.toHaveProperty('sparkles');
  });

  it('a file from a newer version: defaults, after a backup', () => {
    const original = writeSettingsFile(
      JSON.stringify({ schemaVersion: 7, theme: 'dark', accounts: [alice] }),
    );
    const { store, problems } = expectRecovered(original);
    expect(store.get()).toEqual(defaultSettings());
    expect(problems).toEqual([
      'The settings file was written by a newer version of Proxy Tray (settings version 7; this version knows up to 1), so the default settings are used.',
    ]);
    expect(storedSettings()).toMatchObject({ schemaVersion: 1, theme: 'system' });
  });

  it('an unreadable version number is reported; the fields are still read', () => {
    const { store, problems } = expectRecovered(
      writeSettingsFile(JSON.stringify({ schemaVersion: 'one', theme: 'dark' })),
    );
    expect(store.get().theme).toBe('dark');
    expect(problems).toEqual([
      'The settings file had an unreadable version number; its settings were read as the current version.',
    ]);
  });

  it('a version that is negative or not a whole number is unreadable too', () => {
    for (const schemaVersion of [-1, 1.5, 1e300]) {
      const { store, problems } = expectRecovered(
        writeSettingsFile(JSON.stringify({ schemaVersion, theme: 'light' })),
      );
      expect(store.get().theme, String(schemaVersion)).toBe('light');
      expect(problems, String(schemaVersion)).toEqual([
        'The settings file had an unreadable version number; its settings were read as the current version.',
      ]);
      for (const name of filesIn(tempDir())) fs.rmSync(path.join(tempDir(), name));
    }
  });

  it('accounts that are not a list are removed, and the user told to sign in again', () => {
    const { store, problems } = expectRecovered(
      writeSettingsFile(
        JSON.stringify({ schemaVersion: 1, accounts: { 0: alice }, activeAccountId: null }),
      ),
    );
    expect(store.get().accounts).toEqual([]);
    expect(problems).toEqual([
      'The stored accounts were not a list and were removed; sign in again.',
    ]);
  });

  it('names a long unknown setting by its first 60 characters only', () => {
    const sixty = 'k'.repeat(60);
    const { problems } = expectRecovered(
      writeSettingsFile(
        JSON.stringify({ schemaVersion: 1, [sixty]: 1, [`${'a'.repeat(60)}bcd`]: 2 }),
      ),
    );
    expect(problems).toEqual([
      `The unknown setting “${sixty}” was removed.`,
      `The unknown setting “${'a'.repeat(60)}…” was removed.`,
    ]);
  });

  it('two recoveries in the same instant keep both backups', () => {
    writeSettingsFile('first');
    open();
    writeSettingsFile('second');
    const second = open().recovery();
    expect(second?.backupPath).toBe(
      path.join(tempDir(), 'settings.invalid-2030-01-02T03-04-05.678Z-2.json'),
    );
    expect(fs.readFileSync(path.join(tempDir(), BACKUP_NAME), 'utf8')).toBe('first');
    expect(fs.readFileSync(second?.backupPath ?? '', 'utf8')).toBe('second');
  });

  it('a valid file is read as is, with no backup and no rewrite', () => {
    const content = JSON.stringify({ schemaVersion: 1, theme: 'dark', openAtLogin: true });
    writeSettingsFile(content);
    const store = open();
    expect(store.recovery()).toBeUndefined();
    expect(store.get()).toMatchObject({ theme: 'dark', openAtLogin: true, startHidden: true });
    expect(filesIn(tempDir())).toEqual(['settings.json']);
    expect(fs.readFileSync(path.join(tempDir(), 'settings.json'), 'utf8')).toBe(content);
  });

  it('a file that cannot be read is an error, and is left untouched', () => {
    // A directory in the file's place: reading it fails with EISDIR, even for root.
    fs.mkdirSync(path.join(tempDir(), 'settings.json'));
    let error: unknown;
    try {
      open();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('storage');
    expect((error as StoreError).message).toContain('could not be read (EISDIR)');
    expect(filesIn(tempDir())).toEqual(['settings.json']);
  });

  it('the report is a copy: changing it does not change the store’s', () => {
    writeSettingsFile('nope');
    const store = open();
    store.recovery()?.problems.push('extra');
    expect(store.recovery()?.problems).toEqual(['The settings file was not valid JSON.']);
  });
});
