import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  type Settings,
  type StoredAccount,
  defaultSettings,
  settingsSchema,
} from '../../../src/shared/settings/settings-schema';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { confIn, filesIn, onFullDisk, thrownBy, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();

function open() {
  return openSettingsStore({ createStore: confIn(tempDir()) });
}

function settingsFile(): string {
  return path.join(tempDir(), 'settings.json');
}

const alice: StoredAccount = {
  id: 'acct-alice',
  serviceUrl: 'https://proxy.example.com/api/',
  userUuid: '3f0c8a4e-8c1e-4f5e-9a7b-2d1c0e9f8a7b',
  username: 'alice',
  displayName: 'Alice Example',
};
const bob: StoredAccount = { ...alice, id: 'acct-bob', username: 'bob', displayName: 'Bob' };

describe('defaults', () => {
  it('parsing {} gives every field its default', () => {
    expect(settingsSchema.parse({})).toEqual({
      schemaVersion: 1,
      accounts: [],
      activeAccountId: null,
      lastServiceUrl: null,
      copyFormat: 'ip-port-user-pass',
      customTemplate: '{ip}:{port}:{username}:{password}',
      hostChoice: 'entry',
      hideAfterCopy: true,
      clipboardClearSeconds: 30,
      refreshIntervalMinutes: 5,
      openAtLogin: false,
      startHidden: true,
      globalHotkey: 'CommandOrControl+Shift+Space',
      theme: 'system',
      alertWarningDays: 3,
      checkEchoUrl: 'https://api64.ipify.org',
      checkProtocol: 'http',
      checkConcurrency: 4,
      checkForUpdates: true,
      localPortsMax: 50,
      localPortIdleMinutes: 10,
      localPortConnectionsMax: 512,
      browserPath: null,
      commandLineAccess: false,
    } satisfies Settings);
  });

  it('what get() returns cannot be edited behind the store’s back', () => {
    const store = open();
    store.setAccounts([alice], null);
    const settings = store.get();
    expect(() => settings.accounts.push(bob)).toThrow(TypeError);
    expect(() => Object.assign(settings, { theme: 'dark' })).toThrow(TypeError);
    expect(() => Object.assign(settings.accounts[0] ?? {}, { username: 'eve' })).toThrow(TypeError);
    expect(store.get()).toMatchObject({ theme: 'system', accounts: [alice] });
  });

  it('a new store holds the defaults and needed no recovery', () => {
    const store = open();
    expect(store.get()).toEqual(defaultSettings());
    expect(store.recovery()).toBeUndefined();
    expect(store.path).toBe(settingsFile());
  });
});

describe('update', () => {
  type Case = readonly [field: string, accepted: unknown[], refused: unknown[]];
  const cases: Case[] = [
    ['clipboardClearSeconds', [0, 1, 3600], [-1, 3601, 1.5, '30', null, Number.NaN]],
    ['refreshIntervalMinutes', [1, 1440], [0, 1441, 2.5, '5', null]],
    [
      'customTemplate',
      ['{ip}', '{{literal}} {port}', 'x'.repeat(1000)],
      ['', 'x'.repeat(1001), '{nope}', '{ip', 5, null],
    ],
    [
      'copyFormat',
      ['ip-port-user-pass', 'user-pass-at-ip-port', 'http-url', 'socks5-url', 'curl', 'custom'],
      ['xml', '', null],
    ],
    ['hostChoice', ['entry', 'ipv4', 'ipv6'], ['ip', null]],
    ['openAtLogin', [true, false], ['yes', 1, null]],
    ['startHidden', [true, false], ['no', 0]],
    ['hideAfterCopy', [true, false], ['yes', 1, null]],
    [
      'globalHotkey',
      [null, 'CommandOrControl+Shift+P', 'Alt+F24', 'Super+Plus', 'cmdorctrl+space', 'Alt+/'],
      ['P', 'Shift+/', 'Ctrl+Shift', 'Ctrl+Foo', 'Ctrl+Ctrl+A', 'Ctrl+F25', '', 'Ctrl+A+B', 42],
    ],
    ['theme', ['system', 'light', 'dark'], ['blue', null]],
    ['alertWarningDays', [0, 1, 90], [-1, 91, 2.5, '3', null]],
    [
      'checkEchoUrl',
      [
        'https://api.ipify.org',
        'https://ifconfig.co/json?x=1',
        'http://127.0.0.1:8080/ip',
        'http://localhost/ip',
      ],
      [
        'http://api.ipify.org',
        'ftp://example.com',
        'api.ipify.org',
        'https://user:pw@example.com/',
        `https://example.com/${'x'.repeat(2048)}`,
        null,
      ],
    ],
    ['checkProtocol', ['http', 'socks5'], ['socks4', 'https', null]],
    ['checkConcurrency', [1, 4, 32], [0, 33, 1.5, '4', null]],
    ['checkForUpdates', [false, true], ['no', 0, null]],
    ['commandLineAccess', [true, false], ['yes', 1, null]],
  ];

  for (const [field, accepted, refused] of cases) {
    it(`${field}: accepts ${accepted.length} values at and inside its bounds, refuses the rest`, () => {
      const store = open();
      for (const value of accepted) {
        expect(store.update({ [field]: value })).toMatchObject({ [field]: value });
      }
      const kept = store.get();
      const fileBefore = fs.readFileSync(settingsFile());
      for (const value of refused) {
        const error = thrownBy(() => store.update({ [field]: value }));
        expect(error.kind).toBe('invalid_input');
        expect(error.message).toMatch(/^The settings were not changed\. \S/);
        expect(store.get()).toEqual(kept);
      }
      expect(fs.readFileSync(settingsFile())).toEqual(fileBefore);
    });
  }

  it('names the rule that was broken, in a sentence', () => {
    const error = thrownBy(() => open().update({ clipboardClearSeconds: 4000 }));
    expect(error.problems).toEqual([
      'The clipboard clear delay must be a whole number of seconds from 0 (never) to 3600.',
    ]);
  });

  it('says why an echo URL off this computer must use HTTPS', () => {
    const error = thrownBy(() => open().update({ checkEchoUrl: 'http://api.ipify.org/' }));
    expect(error.problems).toEqual([
      'The IP echo URL must use HTTPS: api.ipify.org is not localhost or a loopback address such as 127.0.0.1 or [::1].',
    ]);
  });

  it('refuses unknown keys and writes nothing', () => {
    const store = open();
    const error = thrownBy(() => store.update({ theme: 'dark', colour: 'red' }));
    expect(error.problems).toEqual(['“colour” is not a setting that can be changed.']);
    expect(error.message).toBe(
      'The settings were not changed. “colour” is not a setting that can be changed.',
    );
    expect(store.get().theme).toBe('system');
    // A long key is named by its first 60 characters.
    const long = thrownBy(() => store.update({ [`${'k'.repeat(60)}tail`]: 1 }));
    expect(long.problems).toEqual([`“${'k'.repeat(60)}” is not a setting that can be changed.`]);
    expect(fs.existsSync(settingsFile())).toBe(false);
  });

  it('refuses accounts, the active account and the schema version', () => {
    const store = open();
    const accounts = thrownBy(() => store.update({ accounts: [alice] }));
    expect(accounts.message).toBe(
      'The settings were not changed. Accounts change only when you sign in or out, not through the settings.',
    );
    // Both account keys at once: the reason is said once.
    const active = thrownBy(() => store.update({ activeAccountId: alice.id, accounts: [] }));
    expect(active.problems).toEqual([
      'Accounts change only when you sign in or out, not through the settings.',
    ]);
    expect(thrownBy(() => store.update({ schemaVersion: 2 })).problems).toEqual([
      '“schemaVersion” is not a setting that can be changed.',
    ]);
    expect(store.get()).toEqual(defaultSettings());
  });

  it('refuses a patch that is not an object', () => {
    for (const patch of [null, 'theme=dark', [], 5]) {
      const error = thrownBy(() => open().update(patch));
      expect(error.message).toContain('must be an object of setting names and values');
    }
  });

  it('applies nothing when one field of a patch is invalid', () => {
    const store = open();
    thrownBy(() => store.update({ theme: 'dark', refreshIntervalMinutes: 0 }));
    expect(store.get().theme).toBe('system');
  });

  it('ignores fields given as undefined', () => {
    const store = open();
    expect(store.update({ theme: 'dark', hostChoice: undefined })).toMatchObject({
      theme: 'dark',
      hostChoice: 'entry',
    });
  });
});

describe('persistence', () => {
  it('keeps updates and accounts across re-opening', () => {
    const first = open();
    first.update({ theme: 'dark', clipboardClearSeconds: 0, globalHotkey: null });
    first.setAccounts([alice, bob], bob.id);
    const second = open();
    expect(second.get()).toEqual(first.get());
    expect(second.get()).toMatchObject({
      theme: 'dark',
      clipboardClearSeconds: 0,
      globalHotkey: null,
      accounts: [alice, bob],
      activeAccountId: bob.id,
    });
    expect(second.recovery()).toBeUndefined();
  });

  it('reads a file from before “Hide the popup after copying” with it on, as undamaged', () => {
    fs.writeFileSync(settingsFile(), JSON.stringify({ schemaVersion: 1, theme: 'dark' }));
    const store = open();
    expect(store.get()).toMatchObject({ hideAfterCopy: true, theme: 'dark' });
    expect(store.recovery()).toBeUndefined();
    store.update({ hideAfterCopy: false });
    expect(open().get().hideAfterCopy).toBe(false);
  });

  it('writes plain JSON with the schema version', () => {
    open().update({ theme: 'light' });
    const stored = JSON.parse(fs.readFileSync(settingsFile(), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ schemaVersion: 1, theme: 'light' });
  });

  it('reports a failed write as a storage error and keeps the previous settings', () => {
    const store = open();
    store.update({ theme: 'dark' });
    // A directory where the file should be makes the atomic rename fail, even for root.
    fs.rmSync(settingsFile());
    fs.mkdirSync(settingsFile());
    const error = thrownBy(() => store.update({ theme: 'light' }));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `The settings could not be saved to ${settingsFile()} (EISDIR). Check that the disk is not full and the folder is writable.`,
    );
    expect(store.get().theme).toBe('dark');
  });

  it('reports a rewrite at opening that fails, and leaves the file as it was', () => {
    const original = JSON.stringify({ clipboardClearDelay: 20_000 });
    fs.writeFileSync(settingsFile(), original);
    const error = thrownBy(() => openSettingsStore({ createStore: onFullDisk(confIn(tempDir())) }));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `The settings could not be saved to ${settingsFile()} (ENOSPC). Check that the disk is not full and the folder is writable.`,
    );
    expect(fs.readFileSync(settingsFile(), 'utf8')).toBe(original);
  });

  it('reports a file that becomes unreadable as it opens, naming it, and leaves it as it is', () => {
    fs.writeFileSync(settingsFile(), JSON.stringify({ schemaVersion: 1, theme: 'dark' }));
    const createStore = confIn(tempDir());
    const error = thrownBy(() =>
      openSettingsStore({
        // conf has read the file; then something else puts a folder in its place.
        createStore: (options) => {
          const conf = createStore(options);
          fs.rmSync(settingsFile());
          fs.mkdirSync(settingsFile());
          return conf;
        },
      }),
    );
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `The settings file ${settingsFile()} could not be read (EISDIR). Check that it is readable by your user.`,
    );
    expect(fs.statSync(settingsFile()).isDirectory()).toBe(true);
  });
});

describe('onChange', () => {
  it('tells listeners the new and previous settings, only when something changed', () => {
    const store = open();
    const listener = vi.fn();
    store.onChange(listener);
    store.update({ theme: 'dark' });
    store.update({ theme: 'dark' });
    store.update({});
    expect(listener).toHaveBeenCalledTimes(1);
    const [next, previous] = listener.mock.calls[0] as [Settings, Settings];
    expect(next.theme).toBe('dark');
    expect(previous.theme).toBe('system');
  });

  it('stops after unsubscribing', () => {
    const store = open();
    const listener = vi.fn();
    const unsubscribe = store.onChange(listener);
    store.update({ theme: 'dark' });
    unsubscribe();
    store.update({ theme: 'light' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is not called for a refused change', () => {
    const store = open();
    const listener = vi.fn();
    store.onChange(listener);
    thrownBy(() => store.update({ theme: 'neon' }));
    expect(listener).not.toHaveBeenCalled();
  });

  it('runs every listener even when one throws, then rethrows; the change is saved', () => {
    const store = open();
    const failure = new Error('listener failed');
    const second = vi.fn();
    store.onChange(() => {
      throw failure;
    });
    store.onChange(second);
    expect(() => store.update({ theme: 'dark' })).toThrow(failure);
    expect(second).toHaveBeenCalledTimes(1);
    expect(open().get().theme).toBe('dark');
  });

  it('fires for account changes too', () => {
    const store = open();
    const listener = vi.fn();
    store.onChange(listener);
    store.setAccounts([alice], alice.id);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0] as [Settings])[0].activeAccountId).toBe(alice.id);
  });
});

describe('setAccounts', () => {
  it('stores the accounts and which one is active', () => {
    const store = open();
    expect(store.setAccounts([alice, bob], alice.id)).toMatchObject({
      accounts: [alice, bob],
      activeAccountId: alice.id,
    });
    expect(store.setAccounts([bob], null)).toMatchObject({
      accounts: [bob],
      activeAccountId: null,
    });
  });

  it('remembers the active account’s service URL, and keeps it after the last sign-out', () => {
    const store = open();
    expect(store.get().lastServiceUrl).toBeNull();
    const elsewhere = { ...bob, serviceUrl: 'https://other.example.com/' };
    store.setAccounts([alice, elsewhere], elsewhere.id);
    expect(store.get().lastServiceUrl).toBe(elsewhere.serviceUrl);
    store.setAccounts([alice], alice.id);
    expect(store.get().lastServiceUrl).toBe(alice.serviceUrl);

    store.setAccounts([], null);

    expect(store.get()).toMatchObject({ accounts: [], lastServiceUrl: alice.serviceUrl });
    // Kept in the file, not only in memory: the next run's sign-in form offers it.
    expect(open().get().lastServiceUrl).toBe(alice.serviceUrl);
  });

  it('refuses an active id that is not among the accounts, and repeated ids', () => {
    const store = open();
    expect(thrownBy(() => store.setAccounts([alice], bob.id)).message).toBe(
      'The settings were not changed. The active account must be one of the accounts.',
    );
    expect(thrownBy(() => store.setAccounts([alice, alice], null)).problems).toEqual([
      'Two accounts have the same id.',
    ]);
    expect(store.get().accounts).toEqual([]);
  });

  it('refuses an account that carries a token, without echoing it or writing it', () => {
    const store = open();
    const token = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.signature';
    const withToken = { ...alice, token } as StoredAccount;
    const error = thrownBy(() => store.setAccounts([withToken], null));
    expect(error.kind).toBe('invalid_input');
    expect(JSON.stringify(error)).not.toContain(token);
    expect(error.message).not.toContain(token);
    expect(store.get().accounts).toEqual([]);
    expect(filesIn(tempDir())).toEqual([]);
  });

  it('refuses an account with a malformed field, naming where', () => {
    const error = thrownBy(() => open().setAccounts([{ ...alice, userUuid: '' }], null));
    expect(error.problems).toEqual([
      'accounts.0.userUuid: Too small: expected string to have >=1 characters',
    ]);
  });
});
