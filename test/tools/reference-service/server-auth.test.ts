import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../tools/reference-service/api-routes';
import type { User } from '../../../tools/reference-service/records';
import type { ApiServer } from '../../../tools/reference-service/server';
import { createApiServer } from '../../../tools/reference-service/server';
import { callApi, changeableProxyOf } from './test-helpers';

let clockMs = Date.parse('2025-06-01T12:00:00Z');
let server: ApiServer;
beforeAll(async () => {
  server = await createApiServer({ now: () => clockMs });
});
afterAll(() => server.close());

const uuidOf = (username: string): string => {
  const uuid = server.store.account(username)?.user.uuid;
  if (!uuid) throw new Error(`no user ${username}`);
  return uuid;
};

/** A body that would pass validation, so only authentication can fail. */
const validBodyFor = (path: string): unknown => {
  const id = changeableProxyOf(server).id;
  if (path === '/proxies/update_rotation') return { id, is_rotating: true };
  if (path === '/proxies/update_rotate_interval') return { id, rotate_interval: 300 };
  if (path === '/proxies/update_label') return { id, label: 'x' };
  return undefined;
};

async function expect401(token: string | undefined, headers: Record<string, string> = {}) {
  const results = [];
  for (const route of API_ROUTES) {
    const body = validBodyFor(route.path);
    const result = await callApi(server, route.method, route.path, { token, headers, body });
    expect(result.status, `${route.method} ${route.path}`).toBe(401);
    expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/);
    results.push(result.json);
  }
  return results;
}

describe('authentication on every endpoint', () => {
  it('refuses a request without Authorization with 401 "Not authenticated"', async () => {
    const bodies = await expect401(undefined);
    for (const body of bodies) expect(body).toEqual({ detail: 'Not authenticated' });
  });

  it.each([
    ['another scheme', `Basic ${Buffer.from('demo:secret').toString('base64')}`],
    ['the scheme alone', 'Bearer'],
    ['a token without scheme', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
    ['two tokens', 'Bearer a b'],
  ])('refuses a malformed header (%s) with 401', async (_case, authorization) => {
    const bodies = await expect401(undefined, { authorization });
    for (const body of bodies) {
      expect(body).toEqual({ detail: "Authorization header must be 'Bearer <token>'" });
    }
  });

  it('refuses a token with a wrong signature with 401 "Invalid token"', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(uuidOf('demo'))
      .setIssuedAt(clockMs / 1000)
      .setExpirationTime(clockMs / 1000 + 3600)
      .setJti('forged')
      .sign(new TextEncoder().encode('a secret the server has never seen!!'));
    for (const body of await expect401(forged)) expect(body).toEqual({ detail: 'Invalid token' });
  });

  it('refuses a token that is not a JWT with 401 "Invalid token"', async () => {
    for (const body of await expect401('garbage'))
      expect(body).toEqual({ detail: 'Invalid token' });
  });

  it('refuses an expired token with 401 "Token has expired"', async () => {
    const expired = await server.issueToken('demo', { expiresInSeconds: -1 });
    const bodies = await expect401(expired);
    for (const body of bodies) expect(body).toEqual({ detail: 'Token has expired' });
  });

  it('lets a short-lived token work until the clock passes its expiry', async () => {
    const token = await server.issueToken('other', { expiresInSeconds: 30 });
    expect((await callApi(server, 'GET', 'users/me', { token })).status).toBe(200);
    clockMs += 31_000;
    const { status, json } = await callApi(server, 'GET', 'users/me', { token });
    expect(status).toBe(401);
    expect(json).toEqual({ detail: 'Token has expired' });
  });

  it('accepts the scheme name in any case', async () => {
    const token = server.tokenFor('demo');
    const { status } = await callApi(server, 'GET', 'users/me', {
      headers: { authorization: `bearer ${token}` },
    });
    expect(status).toBe(200);
  });

  it('authenticates before it validates: a bad body without a token is a 401', async () => {
    const { status } = await callApi(server, 'PUT', 'proxies/update_label', { body: { id: 'x' } });
    expect(status).toBe(401);
  });
});

describe('revocation', () => {
  it('refuses a token revoked by jti, while the user’s other tokens still work', async () => {
    const spare = await server.issueToken('other');
    const revoked = await server.issueToken('other');
    expect(server.tokens.revoke(String(decodeJwt(revoked).jti))).toBe(true);
    const { status, json } = await callApi(server, 'GET', 'users/me', { token: revoked });
    expect(status).toBe(401);
    expect(json).toEqual({ detail: 'Token has been revoked' });
    expect((await callApi(server, 'GET', 'users/me', { token: spare })).status).toBe(200);
  });

  it('refuses every token of a user after revoking them all; a new token works', async () => {
    const old = server.tokenFor('demo');
    expect(server.tokens.revokeAllFor(uuidOf('demo'))).toBeGreaterThan(0);
    const bodies = await expect401(old);
    for (const body of bodies) expect(body).toEqual({ detail: 'Token has been revoked' });
    expect(
      (await callApi(server, 'GET', 'users/me', { token: server.tokenFor('other') })).status,
    ).toBe(200);

    const fresh = await server.issueToken('demo');
    const { status, json } = await callApi(server, 'POST', 'users/me', { token: fresh });
    expect(status).toBe(200);
    expect((json as User).access_token).toBe(fresh);
  });
});
