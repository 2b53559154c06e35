import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newRunSecret } from '../../../tools/shared/run-secret';
import { CONTROL_KEY_HEADER } from '../../../tools/reference-service/control-routes';
import type { User } from '../../../tools/reference-service/records';
import type { ApiServer } from '../../../tools/reference-service/server';
import { createApiServer } from '../../../tools/reference-service/server';
import { callApi, callControl, changeableProxyOf } from './test-helpers';

let server: ApiServer;
beforeAll(async () => {
  server = await createApiServer({ control: true });
});
afterAll(() => server.close());
afterEach(() => server.faults.clear());

const control = (method: string, path: string, body?: unknown) =>
  callControl(server, method, path, { body });

/** Every control route, each with what it would do if it let the caller in. */
const CONTROL_ROUTES: [method: string, path: () => string, body?: unknown][] = [
  ['POST', () => 'faults', { status: 503 }],
  ['GET', () => 'faults'],
  ['DELETE', () => 'faults'],
  ['POST', () => 'users/demo/revoke'],
  ['POST', () => 'users/demo/token'],
  ['GET', () => `proxies/${changeableProxyOf(server).id}`],
  ['GET', () => 'requests'],
  ['DELETE', () => 'requests'],
];

describe('control API', () => {
  it('is off unless asked for', async () => {
    const plain = await createApiServer();
    expect(plain.controlKey).toBeUndefined();
    try {
      const { status } = await callApi({ baseUrl: `${plain.url}/__control/` }, 'DELETE', 'faults');
      expect(status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it.each(CONTROL_ROUTES)(
    'refuses %s %s without its key, with a wrong one or another run’s: 403, nothing done',
    async (method, path, body) => {
      const token = server.tokenFor('demo');
      server.faults.add({ path: '/never-requested', status: 503 });
      await callApi(server, 'GET', 'users/me', { token });
      const logged = server.requestLog.count();
      const key = server.controlKey ?? '';
      const attempts: Record<string, string>[] = [
        {},
        { [CONTROL_KEY_HEADER]: '' },
        { [CONTROL_KEY_HEADER]: 'x'.repeat(key.length) },
        { [CONTROL_KEY_HEADER]: key.slice(1) },
        { [CONTROL_KEY_HEADER]: newRunSecret() },
        { authorization: `Bearer ${key}` },
      ];
      for (const headers of attempts) {
        const refused = await callApi({ baseUrl: `${server.url}/__control/` }, method, path(), {
          body,
          headers,
        });
        expect(refused.status).toBe(403);
        expect(refused.json).toEqual({ detail: 'Control API needs its key (x-control-key)' });
      }
      expect(server.faults.pending).toHaveLength(1);
      expect(server.requestLog.count()).toBe(logged);
      expect(server.tokenFor('demo')).toBe(token);
      expect((await callApi(server, 'GET', 'users/me', { token })).status).toBe(200);
    },
  );

  it('has a new key on every run', async () => {
    const again = await createApiServer({ control: true });
    try {
      expect(again.controlKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(again.controlKey).not.toBe(server.controlKey);
      expect(
        (await callControl({ ...again, controlKey: server.controlKey }, 'GET', 'faults')).status,
      ).toBe(403);
    } finally {
      await again.close();
    }
  });

  it('adds, lists and clears faults', async () => {
    const added = await control('POST', 'faults', { path: '/users/me', status: 503, times: 2 });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ pending: 1 });
    expect((await control('GET', 'faults')).json).toEqual({
      pending: [{ fault: { path: '/users/me', status: 503, times: 2 }, remaining: 2 }],
    });
    const token = server.tokenFor('demo');
    expect((await callApi(server, 'GET', 'users/me', { token })).status).toBe(503);

    expect((await control('DELETE', 'faults')).status).toBe(200);
    expect(server.faults.pending).toHaveLength(0);
    expect((await callApi(server, 'GET', 'users/me', { token })).status).toBe(200);
  });

  it('accepts drop and hang faults', async () => {
    expect((await control('POST', 'faults', { drop: true, method: 'GET' })).status).toBe(201);
    expect((await control('POST', 'faults', { hang: true })).status).toBe(201);
    expect(server.faults.pending.map((entry) => entry.fault)).toEqual([
      { drop: true, method: 'GET' },
      { hang: true },
    ]);
  });

  it('accepts the faults that spoil the service’s own answer', async () => {
    const spoilers = [
      { cutBody: true },
      { cutBody: true, status: 502, body: '<html>', headers: { 'content-type': 'text/html' } },
      { afterApply: 'drop', method: 'PUT' },
      { afterApply: 'hang' },
      { throttle: { bytesPerChunk: 512, chunkIntervalMs: 50 }, path: '/users/plans' },
      { stallAfterBytes: 100 },
    ];
    for (const fault of spoilers) expect((await control('POST', 'faults', fault)).status).toBe(201);
    expect(server.faults.pending.map((entry) => entry.fault)).toEqual(spoilers);
  });

  it.each([
    ['a misspelt field', { stauts: 500 }],
    ['a cut without a body to cut', { cutBody: true, status: 204 }],
    ['an unknown afterApply', { afterApply: 'explode' }],
    ['a throttle of 0 bytes', { throttle: { bytesPerChunk: 0, chunkIntervalMs: 10 } }],
    ['a throttle without interval', { throttle: { bytesPerChunk: 10 } }],
    ['a negative stall', { stallAfterBytes: -1 }],
    ['no effect at all', { path: '/users/me' }],
    ['a status out of range', { status: 99 }],
    ['times of zero', { status: 500, times: 0 }],
  ])('refuses a fault with %s (400) and queues nothing', async (_case, fault) => {
    const { status, json } = await control('POST', 'faults', fault);
    expect(status).toBe(400);
    expect(json).toEqual({ detail: expect.any(String) });
    expect(server.faults.pending).toHaveLength(0);
  });

  it('is neither faulted nor logged as API traffic', async () => {
    server.requestLog.clear();
    server.faults.add({ status: 500, times: 10 });
    expect((await control('GET', 'faults')).status).toBe(200);
    expect(server.requestLog.count()).toBe(0);
  });

  it('issues a token for a user, which becomes the current one', async () => {
    const { status, json } = await control('POST', 'users/other/token');
    expect(status).toBe(200);
    const { token } = json as { token: string };
    const me = await callApi(server, 'GET', 'users/me', { token });
    expect(me.status).toBe(200);
    expect((me.json as User).access_token).toBe(token);
  });

  it('issues an already-expired token when asked', async () => {
    const { json } = await control('POST', 'users/other/token', { expiresInSeconds: -60 });
    const { status, json: error } = await callApi(server, 'GET', 'users/me', {
      token: (json as { token: string }).token,
    });
    expect(status).toBe(401);
    expect(error).toEqual({ detail: 'Token has expired' });
  });

  it('revokes every token of a user', async () => {
    const demoToken = server.tokenFor('demo');
    const otherToken = server.tokenFor('other');
    const { status, json } = await control('POST', 'users/demo/revoke');
    expect(status).toBe(200);
    expect(json).toEqual({ revoked: expect.any(Number) });
    expect((await callApi(server, 'GET', 'users/me', { token: demoToken })).status).toBe(401);
    expect((await callApi(server, 'GET', 'users/me', { token: otherToken })).status).toBe(200);
    // Leave demo usable for the tests that follow.
    await control('POST', 'users/demo/token');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await control('POST', 'users/nobody/token')).json).toEqual({
      detail: 'User not found',
    });
    expect((await control('POST', 'users/nobody/revoke')).status).toBe(404);
  });

  it('shows a proxy’s state, label included', async () => {
    const proxy = changeableProxyOf(server);
    const token = server.tokenFor('demo');
    await callApi(server, 'PUT', 'proxies/update_label', {
      token,
      body: { id: proxy.id, label: 'from the control test' },
    });
    await callApi(server, 'PUT', 'proxies/update_rotate_interval', {
      token,
      body: { id: proxy.id, rotate_interval: 4321 },
    });
    const { status, json } = await control('GET', `proxies/${proxy.id}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: proxy.id,
      label: 'from the control test',
      rotate_interval: 4321,
      is_rotating: expect.any(Boolean),
      owner: 'demo',
    });
    expect((await control('GET', 'proxies/999999999')).status).toBe(404);
    expect((await control('GET', 'proxies/abc')).status).toBe(400);
  });

  it('shows an unset label as null', async () => {
    const proxy = changeableProxyOf(server, 'other');
    expect((await control('GET', `proxies/${proxy.id}`)).json).toMatchObject({ label: null });
  });

  it('reports logged requests with the token redacted, and clears them', async () => {
    server.requestLog.clear();
    const token = server.tokenFor('demo');
    await callApi(server, 'GET', 'users/plans', { token });
    await callApi(server, 'GET', 'users/me', { token });
    const { json, text } = await control('GET', 'requests?method=GET&path=/users/plans');
    expect(json).toMatchObject({
      count: 1,
      requests: [
        { method: 'GET', path: '/users/plans', headers: { authorization: 'Bearer [redacted]' } },
      ],
    });
    expect(text).not.toContain(token);
    expect((await control('DELETE', 'requests')).status).toBe(200);
    expect(server.requestLog.count()).toBe(0);
  });
});
