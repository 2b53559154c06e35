import { describe, expect, it } from 'vitest';
import { cacheKeyOf } from '../../../src/main/session/cache-key';
import { VaultError, type TokenVault } from '../../../src/main/session/token-vault';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { InMemoryAccountRegistry } from './in-memory-account-registry';
import { buildSession } from './session-fixture';
import { useTestKeychain } from './test-keychain';

/*
 * What the session does with the tokens it holds, without handing them out: the log's masking
 * asks it which to hide, and the plans cache is sealed with a key derived from the active one.
 */

const service = useApiServer();
const keychain = useTestKeychain();

async function signedInTwice() {
  const built = buildSession({ vault: keychain.vault() });
  const signIn = async (username: string) => {
    const token = await service().issueToken(username);
    const result = await built.session.signIn({ serviceUrl: service().baseUrl, token });
    if (!result.ok) throw new Error(result.error.message);
    return { token, id: result.status.account?.id as string };
  };
  const demo = await signIn('demo');
  const other = await signIn('other');
  return { ...built, demo, other };
}

describe('the tokens masked in a log line', () => {
  it('are every token held here: the active one, another account’s, one turned down', async () => {
    const { session, demo, other } = await signedInTwice();
    const line = (token: string) => `GET /users/plans with ${token} failed`;
    expect(session.maskTokens(line(other.token))).toBe('GET /users/plans with [redacted] failed');
    expect(session.maskTokens(line(demo.token))).toBe('GET /users/plans with [redacted] failed');
    // The signature part alone, as a server might echo it.
    const signature = other.token.split('.')[2] ?? '';
    expect(session.maskTokens(`bad signature ${signature}`)).toBe('bad signature [redacted]');

    session.reportRejected();
    await session.switchAccount(demo.id);
    expect(session.maskTokens(line(other.token))).toBe('GET /users/plans with [redacted] failed');
    expect(session.maskTokens('nothing secret here')).toBe('nothing secret here');
  });

  it('still include a turned-down token once another process has saved a newer one', async () => {
    const { session, demo, other } = await signedInTwice();
    session.reportRejected();
    await session.switchAccount(demo.id);
    // The command line signs in to the same account again, in the shared keychain.
    const newer = await service().issueToken('other');
    await keychain.vault().set(other.id, newer);

    const back = await session.switchAccount(other.id);

    expect(back).toMatchObject({ ok: true, status: { state: 'active' } });
    expect(await session.client()?.getAccount()).toMatchObject({ username: 'other' });
    expect(session.maskTokens(`old ${other.token} new ${newer}`)).toBe(
      'old [redacted] new [redacted]',
    );
  });

  it('no longer include a signed-out account’s token, which the session has let go of', async () => {
    const { session, demo, other } = await signedInTwice();
    session.reportRejected();
    await session.signOut(other.id);
    await session.signOut(demo.id);
    expect(session.maskTokens(`${demo.token} ${other.token}`)).toBe(`${demo.token} ${other.token}`);
  });
});

describe('the key of the active account’s plans cache', () => {
  it('is derived from the active token, also once the service turns it down', async () => {
    const { session, other } = await signedInTwice();
    const expected = cacheKeyOf(other.token, other.id);
    expect(session.cacheKey()).toEqual(expected);
    session.reportRejected();
    expect(session.status().state).toBe('rejected');
    expect(session.cacheKey()).toEqual(expected);
  });

  it('follows a token kept for this session only, until a keychain sign-in replaces it', async () => {
    const { session } = buildSession({ vault: keychain.vault() });
    const signIn = async (username: string, sessionOnly: boolean) => {
      const token = await service().issueToken(username);
      const result = await session.signIn({ serviceUrl: service().baseUrl, token, sessionOnly });
      if (!result.ok) throw new Error(result.error.message);
      return { token, id: result.status.account?.id as string };
    };
    const kept = await signIn('demo', true);
    const other = await signIn('other', false);
    await session.switchAccount(kept.id);
    expect(session.status().state).toBe('active');
    expect(session.cacheKey()).toEqual(cacheKeyOf(kept.token, kept.id));

    const saved = await signIn('demo', false);
    await session.switchAccount(other.id);
    await session.switchAccount(saved.id);
    expect(session.cacheKey()).toEqual(cacheKeyOf(saved.token, saved.id));
  });

  it('is none while signed out or when the keychain cannot be read', async () => {
    const { session, demo, other } = await signedInTwice();
    await session.signOut(other.id);
    await session.signOut(demo.id);
    expect(session.cacheKey()).toBeUndefined();

    const registry = new InMemoryAccountRegistry();
    const first = buildSession({ vault: keychain.vault(), registry });
    await first.session.signIn({
      serviceUrl: service().baseUrl,
      token: await service().issueToken('demo'),
    });
    const locked: TokenVault = {
      get: async () => {
        throw new VaultError('locked', 'The keychain is locked: unlock it and try again.');
      },
      set: async () => undefined,
      delete: async () => false,
    };
    const { session: restarted } = buildSession({ vault: locked, registry });
    expect(await restarted.restore()).toMatchObject({ state: 'keychain-error' });
    expect(restarted.cacheKey()).toBeUndefined();
  });
});

describe('a listener that throws', () => {
  it('is reported, and the other listeners still hear of the change', async () => {
    const reported: unknown[] = [];
    const broken = new Error('the tray menu could not be rebuilt');
    const { session, events } = buildSession({
      vault: keychain.vault(),
      onListenerError: (error) => reported.push(error),
    });
    session.onChange(() => {
      throw broken;
    });
    const heardAfter: string[] = [];
    session.onChange((status) => heardAfter.push(status.state));

    const result = await session.signIn({
      serviceUrl: service().baseUrl,
      token: await service().issueToken('demo'),
    });

    expect(result).toMatchObject({ ok: true, status: { state: 'active' } });
    expect(reported).toEqual([broken]);
    expect(events.map((status) => status.state)).toEqual(['active']);
    expect(heardAfter).toEqual(['active']);
  });
});
