import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredAccount } from '../../../src/shared/settings/settings-schema';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { settingsAccountRegistry } from '../../../src/main/settings/settings-account-registry';
import { confIn, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();

const open = () => openSettingsStore({ createStore: confIn(tempDir()) });

const alice: StoredAccount = {
  id: 'acct-alice',
  serviceUrl: 'https://alice.example.com/api/',
  userUuid: '3f0c8a4e-8c1e-4f5e-9a7b-2d1c0e9f8a7b',
  username: 'alice',
  displayName: 'Alice Example',
};
const bob: StoredAccount = {
  ...alice,
  id: 'acct-bob',
  serviceUrl: 'https://bob.example.com/api/',
  username: 'bob',
  displayName: 'Bob',
};

describe('the accounts the session remembers, kept in the settings file', () => {
  it('starts with none, none active and no service URL to offer', () => {
    const registry = settingsAccountRegistry(open());
    expect(registry.list()).toEqual([]);
    expect(registry.activeId()).toBeNull();
    expect(registry.lastServiceUrl()).toBeNull();
  });

  it('saves the accounts and the active one to the file, and reads them back after a restart', () => {
    settingsAccountRegistry(open()).save([alice, bob], bob.id);
    const stored = JSON.parse(
      fs.readFileSync(path.join(tempDir(), 'settings.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(stored).toMatchObject({ accounts: [alice, bob], activeAccountId: bob.id });

    const restarted = settingsAccountRegistry(open());
    expect(restarted.list()).toEqual([alice, bob]);
    expect(restarted.activeId()).toBe(bob.id);
    expect(restarted.lastServiceUrl()).toBe(bob.serviceUrl);
  });

  it('offers the service URL of the account last made active, also after the last sign-out', () => {
    const registry = settingsAccountRegistry(open());
    registry.save([alice], alice.id);
    expect(registry.lastServiceUrl()).toBe(alice.serviceUrl);
    registry.save([], null);
    expect(registry.list()).toEqual([]);
    expect(registry.activeId()).toBeNull();
    expect(registry.lastServiceUrl()).toBe(alice.serviceUrl);
  });

  it('lists copies the session may change without changing what is stored', () => {
    const settings = open();
    const registry = settingsAccountRegistry(settings);
    registry.save([alice], alice.id);
    const listed = registry.list();
    const first = listed[0];
    if (!first) throw new Error('expected the saved account');
    first.displayName = 'Renamed behind the store';
    listed.push(bob);
    expect(registry.list()).toEqual([alice]);
    expect(settings.get().accounts).toEqual([alice]);
  });
});
