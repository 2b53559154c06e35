import { describe, expect, it } from 'vitest';
import { accountIdFor } from '../../../src/main/session/account-id';
import type { TokenVault } from '../../../src/main/session/token-vault';
import { VaultError } from '../../../src/main/session/token-vault';
import { StoreError } from '../../../src/main/store/store-error';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { InMemoryAccountRegistry } from './in-memory-account-registry';
import { buildSession } from './session-fixture';
import { useTestKeychain } from './test-keychain';

/*
 * Sign-in keeps a token only together with its account: a failure at any step leaves neither
 * behind, and an account signed in again keeps its earlier token when the new one cannot be kept.
 */

const service = useApiServer({ dialect: 'spec' });
const keychain = useTestKeychain();

type Step = 'get' | 'set' | 'delete';

/** The real keychain, failing at the named step of the named call. */
function failingVault(vault: TokenVault, failures: Partial<Record<Step, number>>): TokenVault {
  const calls: Record<Step, number> = { get: 0, set: 0, delete: 0 };
  const fail = (step: Step) => {
    calls[step] += 1;
    if (failures[step] === calls[step]) {
      throw new VaultError('locked', 'The keychain is locked. Unlock it and try again.');
    }
  };
  return {
    get: async (account) => (fail('get'), vault.get(account)),
    set: async (account, token) => (fail('set'), vault.set(account, token)),
    delete: async (account) => (fail('delete'), vault.delete(account)),
  };
}

/** The in-memory registry, refusing its next save as the settings file would refuse a write. */
class FailingRegistry extends InMemoryAccountRegistry {
  failNextSave = false;
  override save(...args: Parameters<InMemoryAccountRegistry['save']>): void {
    if (this.failNextSave) {
      this.failNextSave = false;
      throw new StoreError('storage', 'The settings file could not be written (EACCES).');
    }
    super.save(...args);
  }
}

function demo() {
  const server = service();
  const user = server.store.account('demo')?.user;
  if (!user) throw new Error('No demo user');
  return { server, token: server.tokenFor('demo'), id: accountIdFor(server.baseUrl, user) };
}

describe('an atomic sign-in', () => {
  it('a failing keychain write keeps nothing: no token, no account', async () => {
    const { server, token, id } = demo();
    const { session, registry } = buildSession({
      vault: failingVault(keychain.vault(), { set: 1 }),
    });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result).toMatchObject({ ok: false, error: { kind: 'keychain' } });
    expect(await keychain.vault().get(id)).toBeNull();
    expect(registry.accounts).toEqual([]);
  });

  it('a failing account save takes the token back out of the keychain', async () => {
    const { server, token, id } = demo();
    const registry = new FailingRegistry();
    registry.failNextSave = true;
    const { session, events } = buildSession({ vault: keychain.vault(), registry });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'storage',
        message:
          'Your token is valid, but the account could not be saved, so you are not signed in (The settings file could not be written (EACCES).).',
      },
    });
    expect(await keychain.vault().get(id)).toBeNull();
    expect(registry.accounts).toEqual([]);
    expect(session.status().state).toBe('signed-out');
    expect(events).toEqual([]);
  });

  it('a registry that fails without a reason of its own is said to be the settings file', async () => {
    const { server, token, id } = demo();
    const registry = new InMemoryAccountRegistry();
    registry.save = () => {
      throw new TypeError('Cannot read properties of undefined');
    };
    const { session } = buildSession({ vault: keychain.vault(), registry });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'storage',
        message:
          'Your token is valid, but the account could not be saved, so you are not signed in (the settings file could not be written).',
      },
    });
    expect(await keychain.vault().get(id)).toBeNull();
  });

  it('says so when the earlier token cannot be put back either', async () => {
    const { server, id } = demo();
    const registry = new FailingRegistry();
    const first = server.tokenFor('demo');
    await buildSession({ vault: keychain.vault(), registry }).session.signIn({
      serviceUrl: server.baseUrl,
      token: first,
    });
    registry.failNextSave = true;
    // The new token is written (set 1); putting the earlier one back (set 2) fails.
    const vault = failingVault(keychain.vault(), { set: 2 });
    const { session } = buildSession({ vault, registry });
    const second = await server.issueToken('demo');
    const result = await session.signIn({ serviceUrl: server.baseUrl, token: second });
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
    expect(!result.ok && result.error.message).toMatch(
      / The token could not be taken back out of the keychain either: The keychain is locked\. Unlock it and try again\.$/,
    );
    expect(await keychain.vault().get(id)).toBe(second);
  });

  it('a failing save when signing in again puts the earlier token back', async () => {
    const { server, id } = demo();
    const registry = new FailingRegistry();
    const { session } = buildSession({ vault: keychain.vault(), registry });
    const first = server.tokenFor('demo');
    await session.signIn({ serviceUrl: server.baseUrl, token: first });
    const second = await server.issueToken('demo');
    registry.failNextSave = true;
    const result = await session.signIn({ serviceUrl: server.baseUrl, token: second });
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
    expect(await keychain.vault().get(id)).toBe(first);
    expect(registry.accounts.map((account) => account.id)).toEqual([id]);
  });

  it('says so when the token cannot be taken back either', async () => {
    const { server, token } = demo();
    const registry = new FailingRegistry();
    registry.failNextSave = true;
    const vault = failingVault(keychain.vault(), { delete: 1 });
    const { session } = buildSession({ vault, registry });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
    expect(!result.ok && result.error.message).toContain(
      'The token could not be taken back out of the keychain either: The keychain is locked.',
    );
    expect(!result.ok && result.error.message).not.toContain(token);
  });

  it('a keychain that cannot be read for an account signed in again changes nothing', async () => {
    const { server, id } = demo();
    const registry = new InMemoryAccountRegistry();
    const { session } = buildSession({ vault: keychain.vault(), registry });
    const first = server.tokenFor('demo');
    await session.signIn({ serviceUrl: server.baseUrl, token: first });
    const again = buildSession({ vault: failingVault(keychain.vault(), { get: 1 }), registry });
    const result = await again.session.signIn({
      serviceUrl: server.baseUrl,
      token: await server.issueToken('demo'),
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'keychain' } });
    expect(await keychain.vault().get(id)).toBe(first);
  });
});

describe('sign-in with the account record a loose service sends', () => {
  it('shortens names too long to keep instead of refusing them', async () => {
    const { server, token } = demo();
    const user = server.store.account('demo')?.user;
    if (!user) throw new Error('No demo user');
    const long = 'Ω'.repeat(300);
    server.faults.add({
      method: 'POST',
      path: '/users/me',
      status: 200,
      body: { ...user, name: long, surname: '' },
    });
    const { session, registry } = buildSession({ vault: keychain.vault() });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result.ok).toBe(true);
    const [account] = registry.accounts;
    expect([...(account?.displayName ?? '')]).toHaveLength(200);
    expect(account?.displayName.endsWith('Ω…')).toBe(true);
  });

  it('keeps a name of exactly the length allowed whole, and a name with no surname as it is', async () => {
    const { server, token } = demo();
    const user = server.store.account('demo')?.user;
    if (!user) throw new Error('No demo user');
    const longest = 'Ω'.repeat(200);
    server.faults.add({
      method: 'POST',
      path: '/users/me',
      status: 200,
      body: { ...user, name: longest, surname: null },
    });
    const { session, registry } = buildSession({ vault: keychain.vault() });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result).toMatchObject({ ok: true, status: { account: { displayName: longest } } });
    expect(registry.accounts[0]?.displayName).toBe(longest);
  });

  it('keys an account without a uuid by its username, and ignores fields it does not use', async () => {
    const { server, token } = demo();
    server.faults.add({
      method: 'POST',
      path: '/users/me',
      status: 200,
      body: {
        username: 'demo',
        creation_ip: 'unknown',
        access_token: 'opaque',
        creation_date: '2024-01-02 03:04:05',
      },
    });
    const { session, registry } = buildSession({ vault: keychain.vault() });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result.ok).toBe(true);
    expect(registry.accounts[0]).toMatchObject({
      id: `name:demo@${server.baseUrl}`,
      userUuid: null,
      username: 'demo',
      displayName: 'demo',
    });
    expect(await keychain.vault().get(`name:demo@${server.baseUrl}`)).toBe(token);
  });

  it('an unreadable account record is not called a token problem', async () => {
    const { server, token } = demo();
    server.faults.add({ method: 'POST', path: '/users/me', status: 200, body: { uuid: 'x' } });
    const { session, registry } = buildSession({ vault: keychain.vault() });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_response' } });
    expect(!result.ok && result.error.message).toMatch(
      /^The service accepted the token, but its account answer could not be read/,
    );
    expect(registry.accounts).toEqual([]);
  });
});
