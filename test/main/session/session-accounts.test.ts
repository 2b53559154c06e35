import { describe, expect, it, vi } from 'vitest';
import type { ProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { VaultError, type TokenVault } from '../../../src/main/session/token-vault';
import { InMemoryAccountRegistry } from './in-memory-account-registry';
import { buildSession, realClient } from './session-fixture';
import { useTestKeychain } from './test-keychain';

const service = useApiServer();
const keychain = useTestKeychain();

/** A session signed in to 'demo' and then 'other', both kept in the real keychain. */
async function twoAccounts() {
  const server = service();
  const createClient = vi.fn(realClient);
  const built = buildSession({ vault: keychain.vault(), createClient });
  const signIn = async (username: string) => {
    const result = await built.session.signIn({
      serviceUrl: server.baseUrl,
      token: server.tokenFor(username),
    });
    if (!result.ok) throw new Error(result.error.message);
    return result.status.account?.id as string;
  };
  const demoId = await signIn('demo');
  const otherId = await signIn('other');
  built.events.length = 0;
  return { ...built, server, createClient, demoId, otherId };
}

async function whoIs(client: ProxyServiceClient | undefined): Promise<string | undefined> {
  return (await client?.getAccount())?.username;
}

describe('several accounts', () => {
  it('keeps both, each token under its own account, the last one signed in active', async () => {
    const { session, server, demoId, otherId } = await twoAccounts();

    expect(session.accounts().map(({ username, active }) => ({ username, active }))).toEqual([
      { username: 'demo', active: false },
      { username: 'other', active: true },
    ]);
    expect(demoId).not.toBe(otherId);
    expect(await keychain.stored(demoId)).toBe(server.tokenFor('demo'));
    expect(await keychain.stored(otherId)).toBe(server.tokenFor('other'));
    expect(await whoIs(session.client())).toBe('other');
  });

  it('switches the active account, its client and the registry, and says so', async () => {
    const { session, registry, events, demoId } = await twoAccounts();

    const result = await session.switchAccount(demoId);

    expect(result).toMatchObject({
      ok: true,
      status: { state: 'active', account: { id: demoId, username: 'demo' } },
    });
    expect(events).toEqual([result.ok && result.status]);
    expect(registry.activeId()).toBe(demoId);
    expect(session.accounts().find((account) => account.active)?.id).toBe(demoId);
    expect(await whoIs(session.client())).toBe('demo');
  });

  it('creates one client per account and token, and reuses it when switching back', async () => {
    const { session, createClient, demoId, otherId } = await twoAccounts();
    const otherClient = session.client();
    expect(session.client()).toBe(otherClient);

    await session.switchAccount(demoId);
    const demoClient = session.client();
    await session.switchAccount(otherId);
    expect(session.client()).toBe(otherClient);
    await session.switchAccount(demoId);
    expect(session.client()).toBe(demoClient);

    // One for each sign-in's verification, which then serves as the account's client.
    expect(createClient).toHaveBeenCalledTimes(2);
  });

  it('refuses to switch to an account it does not know, and changes nothing', async () => {
    const { session, registry, events, otherId } = await twoAccounts();
    const saves = registry.saves;

    const result = await session.switchAccount('no-such-account');

    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'not_found',
        message: 'That account is no longer signed in here: sign in to it again.',
      },
    });
    expect(session.status().account?.id).toBe(otherId);
    expect(registry.saves).toBe(saves);
    expect(events).toEqual([]);
  });

  it('signing out removes the keychain entry and the account, and moves to the one left', async () => {
    const { session, registry, events, demoId, otherId } = await twoAccounts();

    const result = await session.signOut();

    expect(result).toMatchObject({
      ok: true,
      status: { state: 'active', account: { id: demoId, username: 'demo' } },
    });
    expect(result).not.toHaveProperty('warning');
    expect(await keychain.stored(otherId)).toBeNull();
    expect(await keychain.stored(demoId)).not.toBeNull();
    expect(registry.list().map((account) => account.id)).toEqual([demoId]);
    expect(registry.activeId()).toBe(demoId);
    expect(events).toEqual([result.ok && result.status]);
    expect(await whoIs(session.client())).toBe('demo');

    const last = await session.signOut(demoId);

    expect(last).toEqual({ ok: true, status: { state: 'signed-out' } });
    expect(await keychain.entries()).toEqual([]);
    expect(registry.list()).toEqual([]);
    expect(registry.activeId()).toBeNull();
    expect(session.client()).toBeUndefined();
    expect(session.accounts()).toEqual([]);
  });

  it('signing out of an account that is not active leaves the active one alone', async () => {
    const { session, registry, demoId, otherId } = await twoAccounts();
    const activeClient = session.client();

    const result = await session.signOut(demoId);

    expect(result).toMatchObject({
      ok: true,
      status: { state: 'active', account: { id: otherId } },
    });
    expect(await keychain.stored(demoId)).toBeNull();
    expect(registry.list().map((account) => account.id)).toEqual([otherId]);
    expect(registry.activeId()).toBe(otherId);
    expect(session.client()).toBe(activeClient);
  });

  it('signing out of an unknown account says so and removes nothing', async () => {
    const { session, demoId, otherId } = await twoAccounts();
    expect(await session.signOut('no-such-account')).toEqual({
      ok: false,
      error: { kind: 'not_found', message: 'That account is not signed in here.' },
    });
    expect(await keychain.stored(demoId)).not.toBeNull();
    expect(await keychain.stored(otherId)).not.toBeNull();
  });

  it('signing out with nobody signed in is a no-op', async () => {
    const { session, events } = buildSession({ vault: keychain.vault() });
    expect(await session.signOut()).toEqual({ ok: true, status: { state: 'signed-out' } });
    expect(events).toEqual([]);
  });

  it('runs a switch that comes during a sign-in after it, not in the middle of it', async () => {
    const { session, registry, server, demoId } = await twoAccounts();
    const newer = await server.issueToken('other');
    const signingIn = session.signIn({ serviceUrl: server.baseUrl, token: newer });
    const switching = session.switchAccount(demoId);
    await Promise.all([signingIn, switching]);

    expect(session.status().account?.id).toBe(demoId);
    expect(registry.activeId()).toBe(demoId);
    expect(await whoIs(session.client())).toBe('demo');
  });

  it('an account signed in again keeps its place in the list and becomes the active one', async () => {
    const { session, registry, server, demoId, otherId } = await twoAccounts();
    const again = await session.signIn({
      serviceUrl: server.baseUrl,
      token: await server.issueToken('demo'),
    });
    expect(again).toMatchObject({ ok: true, status: { account: { id: demoId } } });
    expect(session.accounts().map(({ id, active }) => ({ id, active }))).toEqual([
      { id: demoId, active: true },
      { id: otherId, active: false },
    ]);
    expect(registry.activeId()).toBe(demoId);
    // The last one too: listed once, in its place.
    await session.signIn({ serviceUrl: server.baseUrl, token: await server.issueToken('other') });
    expect(registry.list().map((account) => account.id)).toEqual([demoId, otherId]);
  });

  it('switching to the account already in use says so and changes nothing', async () => {
    const { session, registry, events, otherId } = await twoAccounts();
    const saves = registry.saves;
    const result = await session.switchAccount(otherId);
    expect(result).toEqual({ ok: true, status: session.status() });
    expect(result).toMatchObject({ status: { state: 'active', account: { id: otherId } } });
    expect(registry.saves).toBe(saves);
    expect(events).toEqual([]);
  });

  it('signing out of the remembered account before it is restored leaves no active account', async () => {
    const { registry, demoId, otherId } = await twoAccounts();
    // A new run that signs out before starting the session (a command line's `logout`).
    const { session } = buildSession({ vault: keychain.vault(), registry });
    const result = await session.signOut(otherId);
    expect(result).toEqual({ ok: true, status: { state: 'signed-out' } });
    expect(registry.list().map((account) => account.id)).toEqual([demoId]);
    expect(registry.activeId()).toBeNull();
    expect(await keychain.stored(otherId)).toBeNull();
  });

  it('switching before the session is restored loads the account asked for', async () => {
    const { registry, demoId } = await twoAccounts();
    const { session } = buildSession({ vault: keychain.vault(), registry });
    const result = await session.switchAccount(demoId);
    expect(result).toMatchObject({
      ok: true,
      status: { state: 'active', account: { id: demoId } },
    });
    expect(await whoIs(session.client())).toBe('demo');
  });

  it('reuses the client made at restore when switching away and back', async () => {
    const { registry, demoId, otherId } = await twoAccounts();
    const createClient = vi.fn(realClient);
    const { session } = buildSession({ vault: keychain.vault(), registry, createClient });
    await session.restore();
    const restored = session.client();
    await session.switchAccount(demoId);
    await session.switchAccount(otherId);
    expect(session.client()).toBe(restored);
    expect(createClient).toHaveBeenCalledTimes(2);
  });

  it('a failing save when signing in again to the first of two accounts puts its earlier token back', async () => {
    const { server, demoId } = await twoAccounts();
    const registry = new InMemoryAccountRegistry();
    const built = buildSession({ vault: keychain.vault(), registry });
    const earlier = server.tokenFor('demo');
    await built.session.signIn({ serviceUrl: server.baseUrl, token: earlier });
    await built.session.signIn({ serviceUrl: server.baseUrl, token: server.tokenFor('other') });
    registry.save = () => {
      throw new Error('disk full');
    };
    const result = await built.session.signIn({
      serviceUrl: server.baseUrl,
      token: await server.issueToken('demo'),
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage' } });
    expect(await keychain.stored(demoId)).toBe(earlier);
  });

  it('a new account signs in without reading the keychain, even where reading it fails', async () => {
    const server = service();
    const registry = new InMemoryAccountRegistry();
    await buildSession({ vault: keychain.vault(), registry }).session.signIn({
      serviceUrl: server.baseUrl,
      token: server.tokenFor('demo'),
    });
    const real = keychain.vault();
    const unreadable: TokenVault = {
      get: async () => {
        throw new VaultError('locked', 'The keychain is locked: unlock it and try again.');
      },
      set: (account, token) => real.set(account, token),
      delete: (account) => real.delete(account),
    };
    const { session } = buildSession({ vault: unreadable, registry });
    const result = await session.signIn({
      serviceUrl: server.baseUrl,
      token: server.tokenFor('other'),
    });
    expect(result).toMatchObject({ ok: true, status: { account: { username: 'other' } } });
  });
});
