import { describe, expect, it } from 'vitest';
import { KeytarVault, type KeytarApi } from '../../../src/main/session/keytar-vault';
import {
  VaultError,
  type TokenVault,
  type VaultErrorKind,
} from '../../../src/main/session/token-vault';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { InMemoryAccountRegistry } from './in-memory-account-registry';
import { buildSession } from './session-fixture';
import { useTestKeychain } from './test-keychain';

const service = useApiServer();
const keychain = useTestKeychain();

/** A keychain that fails every call the same way, and counts the calls. */
class FailingVault implements TokenVault {
  calls: string[] = [];
  constructor(private readonly failure: () => Error) {}
  async get(account: string): Promise<string | null> {
    this.calls.push(`get ${account}`);
    throw this.failure();
  }
  async set(account: string): Promise<void> {
    this.calls.push(`set ${account}`);
    throw this.failure();
  }
  async delete(account: string): Promise<boolean> {
    this.calls.push(`delete ${account}`);
    throw this.failure();
  }
}

const FAILURES: [VaultErrorKind, string][] = [
  [
    'unavailable',
    'No system keychain: install and unlock gnome-keyring or KWallet, then try again.',
  ],
  ['locked', 'The keychain is locked: unlock it and try again.'],
  ['denied', 'Access to the keychain was denied: allow Proxy Tray to use it, and try again.'],
  ['timeout', 'The keychain did not answer within 10 s: restart it and try again.'],
];

/** A KeytarVault whose keytar never answers, with a short deadline of real time. */
function hangingKeytarVault(): KeytarVault {
  const never = () => new Promise<never>(() => undefined);
  const keytar: KeytarApi = { getPassword: never, setPassword: never, deletePassword: never };
  return new KeytarVault({ service: 'unused', timeoutMs: 200, loadKeytar: async () => keytar });
}

/** A registry that remembers 'demo' as the active account, as after a sign-in in an earlier run. */
async function rememberedDemo(): Promise<InMemoryAccountRegistry> {
  const registry = new InMemoryAccountRegistry();
  const { session } = buildSession({ vault: keychain.vault(), registry });
  const result = await session.signIn({
    serviceUrl: service().baseUrl,
    token: await service().issueToken('demo'),
  });
  if (!result.ok) throw new Error(result.error.message);
  return registry;
}

describe('a keychain that fails', () => {
  it.each(FAILURES)(
    'signing in with a %s keychain: a keychain failure, then a session-only sign-in',
    async (kind, message) => {
      const vault = new FailingVault(() => new VaultError(kind, message));
      const { session, registry, events } = buildSession({ vault });
      const token = await service().issueToken('demo');

      const failed = await session.signIn({ serviceUrl: service().baseUrl, token });

      expect(failed).toEqual({
        ok: false,
        error: {
          kind: 'keychain',
          vaultKind: kind,
          message: `Your token is valid, but it could not be saved in the keychain. ${message} Or keep it for this session only.`,
          canKeepForSession: true,
        },
      });
      // Verified first, then the keychain was tried; nothing was kept.
      expect(service().requestLog.count({ method: 'POST', path: '/users/me' })).toBe(1);
      expect(vault.calls).toHaveLength(1);
      expect(registry.saves).toBe(0);
      expect(session.status()).toEqual({ state: 'signed-out' });
      expect(events).toEqual([]);

      const kept = await session.signIn({
        serviceUrl: service().baseUrl,
        token,
        sessionOnly: true,
      });

      expect(kept).toMatchObject({
        ok: true,
        status: { state: 'active', account: { username: 'demo' } },
      });
      expect(vault.calls).toHaveLength(1);
      expect(await session.client()?.getAccount()).toMatchObject({ username: 'demo' });
    },
  );

  it.each(FAILURES)(
    'starting with a %s keychain: a keychain-error status',
    async (kind, message) => {
      const registry = await rememberedDemo();
      const vault = new FailingVault(() => new VaultError(kind, message));
      const { session, events } = buildSession({ vault, registry });

      const status = await session.restore();

      expect(status).toEqual({
        state: 'keychain-error',
        account: expect.objectContaining({ username: 'demo' }),
        message: `${message} Or sign in again and keep your token for this session only.`,
        canKeepForSession: true,
      });
      expect(events).toEqual([status]);
      expect(session.client()).toBeUndefined();
    },
  );

  it('a keychain that never answers: a timeout failure at sign-in and at start', async () => {
    const { session } = buildSession({ vault: hangingKeytarVault() });
    const token = await service().issueToken('demo');

    const failed = await session.signIn({ serviceUrl: service().baseUrl, token });
    expect(failed).toMatchObject({
      ok: false,
      error: {
        kind: 'keychain',
        vaultKind: 'timeout',
        message: expect.stringContaining('The keychain did not answer within 0.2 s'),
        canKeepForSession: true,
      },
    });

    const registry = await rememberedDemo();
    const restarted = buildSession({ vault: hangingKeytarVault(), registry });
    expect(await restarted.session.restore()).toMatchObject({
      state: 'keychain-error',
      message: expect.stringContaining('The keychain did not answer within 0.2 s'),
    });
  });

  it('after the keychain is unlocked, picking the account again loads its token', async () => {
    const registry = await rememberedDemo();
    let locked = true;
    const real = keychain.vault();
    const unlockable: TokenVault = {
      get: async (account) => {
        if (locked)
          throw new VaultError('locked', 'The keychain is locked: unlock it and try again.');
        return real.get(account);
      },
      set: (account, token) => real.set(account, token),
      delete: (account) => real.delete(account),
    };
    const { session } = buildSession({ vault: unlockable, registry });
    const status = await session.restore();
    expect(status.state).toBe('keychain-error');

    locked = false;
    const again = await session.switchAccount(status.account?.id ?? '');

    expect(again).toMatchObject({ ok: true, status: { state: 'active' } });
    expect(await session.client()?.getAccount()).toMatchObject({ username: 'demo' });
  });

  it('a keychain error that repeats part of the token does not pass it on', async () => {
    const token = await service().issueToken('demo');
    const signature = token.split('.')[2] ?? '';
    const vault = new FailingVault(() => new Error(`refused the item ending ${signature}`));
    const { session } = buildSession({ vault });

    const failed = await session.signIn({ serviceUrl: service().baseUrl, token });

    expect(JSON.stringify(failed)).toContain('refused the item ending [redacted]');
    expect(JSON.stringify(failed)).not.toContain(signature);
  });

  it('a keychain error that repeats the token does not pass it on', async () => {
    const token = await service().issueToken('demo');
    const vault = new FailingVault(() => new Error(`refused to store ${token}`));
    const { session } = buildSession({ vault });

    const failed = await session.signIn({ serviceUrl: service().baseUrl, token });

    expect(failed).toMatchObject({
      ok: false,
      error: { kind: 'keychain', vaultKind: 'unavailable' },
    });
    expect(JSON.stringify(failed)).toContain('refused to store [redacted]');
    expect(JSON.stringify(failed)).not.toContain(token);
  });

  it('signing out while the keychain fails still forgets the account, with a warning', async () => {
    const registry = await rememberedDemo();
    const vault = new FailingVault(
      () => new VaultError('locked', 'The keychain is locked: unlock it and try again.'),
    );
    const { session } = buildSession({ vault, registry });
    await session.restore();

    const result = await session.signOut();

    expect(result).toEqual({
      ok: true,
      status: { state: 'signed-out' },
      warning:
        'You are signed out, but your token could not be removed from the keychain. The keychain is locked: unlock it and try again.',
    });
    expect(registry.list()).toEqual([]);
    expect(registry.activeId()).toBeNull();
  });

  it('a keychain sign-in after a session-only one replaces the session-only token', async () => {
    const { session } = buildSession({ vault: keychain.vault() });
    const uuid = service().store.account('demo')?.user.uuid ?? '';
    const first = await session.signIn({
      serviceUrl: service().baseUrl,
      token: await service().issueToken('demo'),
      sessionOnly: true,
    });
    const demoId = first.ok ? first.status.account?.id : undefined;
    expect(await keychain.entries()).toEqual([]);
    // The session-only token stops working; a new one is kept in the keychain.
    service().tokens.revokeAllFor(uuid);
    const keptToken = await service().issueToken('demo');
    await session.signIn({ serviceUrl: service().baseUrl, token: keptToken });
    expect(await keychain.stored(demoId ?? '')).toBe(keptToken);

    // Away and back: the account's token is the keychain's, not the old session-only one.
    await session.signIn({
      serviceUrl: service().baseUrl,
      token: await service().issueToken('other'),
      sessionOnly: true,
    });
    await session.switchAccount(demoId ?? '');
    expect(await session.client()?.getAccount()).toMatchObject({ username: 'demo' });
  });
});
