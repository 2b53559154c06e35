import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { rejectionOf } from '../api/reference-service-fixture';
import type { SessionService } from '../../../src/main/session/session-service';
import { InMemoryAccountRegistry } from './in-memory-account-registry';
import { buildSession } from './session-fixture';
import { useTestKeychain } from './test-keychain';

const service = useApiServer();
const keychain = useTestKeychain();

/** Signs the session in to the user with a token of its own, so that tests do not share one. */
async function signInTo(session: SessionService, username: string): Promise<string> {
  const result = await session.signIn({
    serviceUrl: service().baseUrl,
    token: await service().issueToken(username),
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.status.account?.id as string;
}

async function signedIn(username = 'demo') {
  const built = buildSession({ vault: keychain.vault() });
  const id = await signInTo(built.session, username);
  built.events.length = 0;
  return { ...built, id };
}

/** The service stops accepting every token the user holds, as when they are revoked. */
function revokeTokensOf(username: string): void {
  const uuid = service().store.account(username)?.user.uuid;
  if (!uuid) throw new Error(`No user ${username}`);
  service().tokens.revokeAllFor(uuid);
}

describe('a token the service turns down', () => {
  it('marks the session rejected on a 401, once, and hands out no client', async () => {
    const { session, events } = await signedIn();
    revokeTokensOf('demo');
    const client = session.client();

    const error = await rejectionOf(client?.listPlans() ?? Promise.resolve());
    expect(error).toBeInstanceOf(ProxyServiceError);
    expect((error as ProxyServiceError).kind).toBe('auth');
    session.reportRejected(client);

    const rejected = session.status();
    expect(rejected).toMatchObject({
      state: 'rejected',
      account: { username: 'demo' },
      message: expect.stringMatching(
        /^The service no longer accepts the access token for demo at .*: sign in again with a new token\.$/,
      ),
    });
    expect(events).toEqual([rejected]);
    expect(session.client()).toBeUndefined();

    // A second report (another call that was under way) changes nothing, and nothing retries.
    session.reportRejected(client);
    expect(events).toHaveLength(1);
    expect(service().requestLog.count({ path: '/users/plans' })).toBe(1);
  });

  it('stays rejected when switching away and back, without asking the service', async () => {
    const { session, id: demoId } = await signedIn('demo');
    session.reportRejected();
    const otherId = await signInTo(session, 'other');
    expect(session.status()).toMatchObject({ state: 'active', account: { id: otherId } });
    service().requestLog.clear();

    const back = await session.switchAccount(demoId);

    expect(back).toMatchObject({
      ok: true,
      status: { state: 'rejected', account: { id: demoId } },
    });
    expect(session.client()).toBeUndefined();
    expect(service().requestLog.count({})).toBe(0);
  });

  it('switching to the turned-down account in use changes nothing, and its expiry is still said', async () => {
    const { session, registry, events, id } = await signedIn('demo');
    session.reportRejected();
    const saves = registry.saves;
    events.length = 0;

    const result = await session.switchAccount(id);

    expect(result).toMatchObject({ ok: true, status: { state: 'rejected' } });
    expect(result.ok && result.status.tokenExpiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(registry.saves).toBe(saves);
    expect(events).toEqual([]);
  });

  it('ignores a 401 reported by the client of an account no longer active', async () => {
    const { session, events } = await signedIn('demo');
    const demoClient = session.client();
    await signInTo(session, 'other');
    events.length = 0;

    session.reportRejected(demoClient);

    expect(session.status()).toMatchObject({ state: 'active', account: { username: 'other' } });
    expect(events).toEqual([]);
  });

  it('a report while signed out does nothing', () => {
    const { session, events } = buildSession({ vault: keychain.vault() });
    session.reportRejected();
    expect(session.status()).toEqual({ state: 'signed-out' });
    expect(events).toEqual([]);
  });

  it('a later sign-in with a good token clears it', async () => {
    const { session, events } = await signedIn();
    session.reportRejected(session.client());
    const newer = await service().issueToken('demo');

    const result = await session.signIn({ serviceUrl: service().baseUrl, token: newer });

    expect(result).toMatchObject({ ok: true, status: { state: 'active' } });
    expect(result.ok && result.status).not.toHaveProperty('message');
    expect(events.map((status) => status.state)).toEqual(['rejected', 'active']);
    expect(await session.client()?.getAccount()).toMatchObject({ username: 'demo' });
  });

  it('can be stopped from listening', async () => {
    const { session } = await signedIn();
    const heard: string[] = [];
    const stop = session.onChange((status) => heard.push(status.state));
    stop();
    session.reportRejected();
    expect(heard).toEqual([]);
  });
});

describe('the token’s expiry', () => {
  const HOUR = 60 * 60 * 1000;

  async function signInWith(token: string, now: () => number) {
    const built = buildSession({ vault: keychain.vault(), now });
    const result = await built.session.signIn({ serviceUrl: service().baseUrl, token });
    if (!result.ok) throw new Error(result.error.message);
    return { ...built, status: result.status };
  }

  function expiresAtOf(token: string): string {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return new Date(payload.exp * 1000).toISOString();
  }

  it('warns about a token that expires within 3 days', async () => {
    const token = await service().issueToken('demo', { expiresInSeconds: 3600 });
    const { status } = await signInWith(token, Date.now);
    expect(status).toMatchObject({
      state: 'active',
      tokenExpiresAt: expiresAtOf(token),
      tokenExpiryWarning: 'soon',
    });
  });

  it('does not warn about the service’s usual 30-day token', async () => {
    const token = await service().issueToken('demo');
    const { status } = await signInWith(token, Date.now);
    expect(status.tokenExpiresAt).toBe(expiresAtOf(token));
    expect(status).not.toHaveProperty('tokenExpiryWarning');
  });

  it('says expired once the clock passes the expiry, while keeping the session', async () => {
    const token = await service().issueToken('demo', { expiresInSeconds: 3600 });
    let now = Date.now();
    const { session } = await signInWith(token, () => now);
    now += 2 * HOUR;
    expect(session.status()).toMatchObject({ state: 'active', tokenExpiryWarning: 'expired' });
  });

  it('is known after a restart without the network', async () => {
    const registry = new InMemoryAccountRegistry();
    const token = await service().issueToken('demo', { expiresInSeconds: 3600 });
    const first = buildSession({ vault: keychain.vault(), registry });
    await first.session.signIn({ serviceUrl: service().baseUrl, token });
    service().requestLog.clear();

    const later = Date.now() + 2 * HOUR;
    const { session } = buildSession({ vault: keychain.vault(), registry, now: () => later });
    expect(await session.restore()).toMatchObject({
      state: 'active',
      tokenExpiresAt: expiresAtOf(token),
      tokenExpiryWarning: 'expired',
    });
    expect(service().requestLog.count({})).toBe(0);
  });

  it('takes another warning period from the constructor', async () => {
    const token = await service().issueToken('demo');
    const built = buildSession({ vault: keychain.vault(), expiryWarningDays: () => 31 });
    const result = await built.session.signIn({ serviceUrl: service().baseUrl, token });
    expect(result).toMatchObject({ ok: true, status: { tokenExpiryWarning: 'soon' } });
  });
});
