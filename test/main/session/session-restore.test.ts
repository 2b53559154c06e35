import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { accountIdFor } from '../../../src/main/session/account-id';
import { createApiServer, type ApiServer } from '../../../tools/reference-service/server';
import { rejectionOf } from '../api/reference-service-fixture';
import { InMemoryAccountRegistry } from './in-memory-account-registry';
import { buildSession, realClient } from './session-fixture';
import { useTestKeychain } from './test-keychain';

const keychain = useTestKeychain();

// Each test stops its own service, to show that starting again needs no network.
let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function signedInThenStopped(options: { sessionOnly?: boolean } = {}) {
  server = await createApiServer();
  const registry = new InMemoryAccountRegistry();
  const first = buildSession({ vault: keychain.vault(), registry });
  const result = await first.session.signIn({
    serviceUrl: server.baseUrl,
    token: server.tokenFor('demo'),
    ...options,
  });
  if (!result.ok) throw new Error(result.error.message);
  const before = result.status;
  const account = before.account;
  if (!account) throw new Error('Signed in without an account');
  const baseUrl = server.baseUrl;
  await server.close();
  server = undefined;
  return { registry, before, account, baseUrl };
}

describe('starting again', () => {
  it('restores the active account from the keychain without the network', async () => {
    const { registry, before, baseUrl } = await signedInThenStopped();
    const createClient = vi.fn(realClient);
    // A new run: a new service and a new vault over the same keychain and registry.
    const { session, events } = buildSession({ vault: keychain.vault(), registry, createClient });
    expect(session.status()).toEqual({ state: 'signed-out' });

    const status = await session.restore();

    expect(status).toEqual(before);
    expect(status).toMatchObject({ state: 'active', account: { username: 'demo' } });
    expect(events).toEqual([status]);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient.mock.calls[0]?.[0].baseUrl).toBe(baseUrl);
    // The client is there; the service really is gone.
    const client = session.client();
    expect(client).toBeDefined();
    const error = await rejectionOf(client?.listPlans() ?? Promise.resolve());
    expect(error).toBeInstanceOf(ProxyServiceError);
    expect(error).toMatchObject({ kind: 'network' });
  });

  it('a session-only sign-in never touches the keychain and is gone after a restart', async () => {
    const { registry, before, account } = await signedInThenStopped({ sessionOnly: true });
    expect(before.state).toBe('active');
    expect(await keychain.entries()).toEqual([]);

    const { session } = buildSession({ vault: keychain.vault(), registry });
    const status = await session.restore();

    expect(status).toEqual({
      state: 'signed-out',
      account,
      message: `No access token is saved for demo at ${new URL(account.serviceUrl).host}: sign in again.`,
    });
    expect(session.client()).toBeUndefined();
    expect(JSON.stringify(registry)).toContain('"username":"demo"');
  });

  it('an account whose keychain entry has gone is signed out, with a message', async () => {
    const { registry, account } = await signedInThenStopped();
    await keychain.vault().delete(account.id);

    const { session } = buildSession({ vault: keychain.vault(), registry });
    const status = await session.restore();

    expect(status).toMatchObject({
      state: 'signed-out',
      account: { id: account.id },
      message: expect.stringMatching(/^No access token is saved for demo at .*: sign in again\.$/),
    });
    expect(session.client()).toBeUndefined();
  });

  it('with nothing saved, starts signed out', async () => {
    const { session, events } = buildSession({ vault: keychain.vault() });
    expect(await session.restore()).toEqual({ state: 'signed-out' });
    expect(events).toEqual([{ state: 'signed-out' }]);
    expect(session.client()).toBeUndefined();
  });

  it('a saved token the client cannot use is signed out with the reason', async () => {
    const registry = new InMemoryAccountRegistry();
    const uuid = '0b6f2c1e-8d4a-4f7e-9c3b-2a1d5e6f7a8b';
    const serviceUrl = 'http://127.0.0.1:9/';
    const id = accountIdFor(serviceUrl, { uuid, username: 'demo' });
    registry.save(
      [{ id, serviceUrl, userUuid: uuid, username: 'demo', displayName: 'Demo User' }],
      id,
    );
    await keychain.vault().set(id, 'a token\nwith a line break');

    const { session } = buildSession({ vault: keychain.vault(), registry });
    const status = await session.restore();

    expect(status).toMatchObject({
      state: 'signed-out',
      message: expect.stringMatching(
        /^The saved access token for demo at 127\.0\.0\.1:9 cannot be used \(The access token is empty or contains spaces/,
      ),
    });
    expect(session.client()).toBeUndefined();
  });

  it('a saved token that is not a JWT is used, with no expiry said', async () => {
    const { registry, account } = await signedInThenStopped();
    await keychain.vault().set(account.id, 'opaque-token-0123456789');

    const { session } = buildSession({ vault: keychain.vault(), registry });
    const status = await session.restore();

    expect(status).toEqual({ state: 'active', account });
    expect(session.client()).toBeDefined();
  });

  it('a client that cannot be made for a reason of our own is an error, not a sign-out', async () => {
    const { registry } = await signedInThenStopped();
    const bug = new TypeError('createClient is broken');
    const { session } = buildSession({
      vault: keychain.vault(),
      registry,
      createClient: () => {
        throw bug;
      },
    });
    await expect(session.restore()).rejects.toBe(bug);
    await expect(
      session.signIn({ serviceUrl: 'http://127.0.0.1:9/', token: 'a-token' }),
    ).rejects.toBe(bug);
    // The next change still runs.
    expect(await session.signOut()).toEqual({ ok: true, status: { state: 'signed-out' } });
  });

  it('an active account the registry no longer lists starts signed out', async () => {
    const { registry } = await signedInThenStopped();
    registry.active = 'gone@https://proxy.example.com/';
    const { session } = buildSession({ vault: keychain.vault(), registry });
    expect(await session.restore()).toEqual({ state: 'signed-out' });
  });
});
