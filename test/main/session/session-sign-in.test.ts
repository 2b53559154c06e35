import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { accountIdFor } from '../../../src/main/session/account-id';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { rejectionOf } from '../api/reference-service-fixture';
import { buildSession, closedPort, realClient } from './session-fixture';
import { useTestKeychain } from './test-keychain';

const service = useApiServer();
const keychain = useTestKeychain();

function demo() {
  const server = service();
  const user = server.store.account('demo')?.user;
  if (!user) throw new Error('No demo user');
  return {
    server,
    user,
    token: server.tokenFor('demo'),
    id: accountIdFor(server.baseUrl, user),
  };
}

/** A token the service did not sign: the demo token with another signature. */
function forged(token: string): string {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
}

describe('signing in', () => {
  it('verifies the token, keeps it in the keychain and the account without it in the registry', async () => {
    const { server, user, token, id } = demo();
    const { session, registry, events } = buildSession({ vault: keychain.vault() });

    const result = await session.signIn({ serviceUrl: server.baseUrl, token });

    const account = {
      id,
      serviceUrl: server.baseUrl,
      username: 'demo',
      displayName: `${user.name} ${user.surname}`,
    };
    expect(result).toEqual({
      ok: true,
      status: {
        state: 'active',
        account,
        tokenExpiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(server.requestLog.count({ method: 'POST', path: '/users/me' })).toBe(1);
    expect(await keychain.stored(id)).toBe(token);
    // The uuid as the service writes it (the loose dialect writes it in capitals).
    expect(registry.list()).toEqual([
      { ...account, userUuid: expect.stringMatching(new RegExp(`^${user.uuid}$`, 'i')) },
    ]);
    expect(registry.activeId()).toBe(id);
    expect(JSON.stringify(registry)).toContain('"username":"demo"');
    expect(JSON.stringify(registry)).not.toContain(token);
    expect(events).toEqual([result.ok && result.status]);
    expect(session.accounts()).toEqual([{ ...account, active: true }]);

    const plans = await session.client()?.listPlans();
    expect(plans?.plans.length).toBe(server.store.account('demo')?.plans.length);
  });

  it('takes a token pasted with "Bearer " and line breaks, and stores the bare token', async () => {
    const { server, token, id } = demo();
    const { session } = buildSession({ vault: keychain.vault() });

    const result = await session.signIn({
      serviceUrl: server.baseUrl,
      token: `  Bearer ${token}\r\n`,
    });

    expect(result.ok).toBe(true);
    expect(await keychain.stored(id)).toBe(token);
  });

  it('never shows the token in what it hands out', async () => {
    const { server, token } = demo();
    const { session, events } = buildSession({ vault: keychain.vault() });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token });
    const everything = [
      JSON.stringify(result),
      JSON.stringify(events),
      JSON.stringify(session.status()),
      JSON.stringify(session.accounts()),
      inspect(session, { depth: 10, showHidden: true }),
    ].join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.split('.')[2]);
  });

  it('refuses a token the service rejects, and keeps nothing', async () => {
    const { server, token } = demo();
    const badToken = forged(token);
    const { session, registry, events } = buildSession({ vault: keychain.vault() });

    const result = await session.signIn({ serviceUrl: server.baseUrl, token: badToken });

    const clientError = await rejectionOf(
      realClient({ baseUrl: server.baseUrl, token: badToken }).verifyToken(),
    );
    expect(result).toEqual({
      ok: false,
      error: { kind: 'auth', message: (clientError as Error).message },
    });
    expect(JSON.stringify(result)).not.toContain(badToken);
    expect(await keychain.entries()).toEqual([]);
    expect(registry.saves).toBe(0);
    expect(session.status()).toEqual({ state: 'signed-out' });
    expect(session.client()).toBeUndefined();
    expect(events).toEqual([]);
  });

  it('reports an unreachable service as a network failure, and keeps nothing', async () => {
    const { token } = demo();
    const { session, registry } = buildSession({ vault: keychain.vault() });

    const result = await session.signIn({
      serviceUrl: `http://127.0.0.1:${await closedPort()}/`,
      token,
    });

    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(result.ok || result.error.message).toMatch(/127\.0\.0\.1/);
    expect(await keychain.entries()).toEqual([]);
    expect(registry.saves).toBe(0);
  });

  it('refuses plain HTTP to another computer before sending the token anywhere', async () => {
    const { server, token } = demo();
    const { session, registry } = buildSession({ vault: keychain.vault() });

    const result = await session.signIn({ serviceUrl: 'http://proxy.example.com/api', token });

    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        message:
          'The service URL must use HTTPS: proxy.example.com is not localhost or a loopback address such as 127.0.0.1 or [::1], and plain HTTP to it would expose your access token.',
      },
    });
    expect(server.requestLog.count({})).toBe(0);
    expect(await keychain.entries()).toEqual([]);
    expect(registry.saves).toBe(0);
  });

  it('passes on the client’s refusal of an empty token', async () => {
    const { server } = demo();
    const { session } = buildSession({ vault: keychain.vault() });
    const result = await session.signIn({ serviceUrl: server.baseUrl, token: ' Bearer  ' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(server.requestLog.count({})).toBe(0);
  });

  it('replaces the token when the same account signs in again', async () => {
    const { server, token, id } = demo();
    const { session, registry } = buildSession({ vault: keychain.vault() });
    await session.signIn({ serviceUrl: server.baseUrl, token });
    const firstClient = session.client();

    const newer = await server.issueToken('demo');
    // Same account, the URL written another way.
    const again = await session.signIn({
      serviceUrl: server.baseUrl.replace(/\/$/, ''),
      token: newer,
    });

    expect(again.ok).toBe(true);
    expect(await keychain.stored(id)).toBe(newer);
    expect(await keychain.entries()).toHaveLength(1);
    expect(registry.list().map((account) => account.id)).toEqual([id]);
    expect(session.client()).not.toBe(firstClient);
  });
});
