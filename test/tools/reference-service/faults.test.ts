import { describe, expect, it } from 'vitest';
import { FaultQueue } from '../../../tools/reference-service/faults';
import { createApiServer } from '../../../tools/reference-service/server';
import { useApiServer } from './use-api-server';
import { callApi, changeableProxyOf } from './test-helpers';

const server = useApiServer();
const token = () => server().tokenFor('demo');

const getMe = (signal?: AbortSignal) =>
  callApi(server(), 'GET', 'users/me', { token: token(), signal });

describe('latency', () => {
  it('delays the answer, then handles the request normally', async () => {
    server().faults.add({ method: 'GET', path: '/users/me', latencyMs: 300 });
    const started = performance.now();
    const { status } = await getMe();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(status).toBe(200);
  });

  it('is long enough for a client timeout to fire', async () => {
    server().faults.add({ latencyMs: 2000 });
    await expect(getMe(AbortSignal.timeout(100))).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('canned responses', () => {
  it('answers 429 with Retry-After for `times` requests, then normally; every try is counted', async () => {
    server().faults.add({
      method: 'GET',
      path: '/users/plans',
      times: 2,
      status: 429,
      headers: { 'retry-after': '1' },
      body: { detail: 'Too Many Requests' },
    });
    const first = await callApi(server(), 'GET', 'users/plans', { token: token() });
    const second = await callApi(server(), 'GET', 'users/plans', { token: token() });
    const third = await callApi(server(), 'GET', 'users/plans', { token: token() });
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.json).toEqual({ detail: 'Too Many Requests' });
    expect(server().requestLog.count({ method: 'GET', path: '/users/plans' })).toBe(3);
    expect(server().requestLog.countsByRoute()).toEqual({ 'GET /users/plans': 3 });
    expect(server().faults.pending).toHaveLength(0);
  });

  it('answers 500 with an HTML page', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    server().faults.add({ status: 500, body: page, headers: { 'content-type': 'text/html' } });
    const { status, text, headers } = await getMe();
    expect(status).toBe(500);
    expect(text).toBe(page);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers 422 with a list of field errors', async () => {
    const detail = [{ loc: ['body', 'label'], msg: 'too long', type: 'string_too_long' }];
    server().faults.add({
      method: 'PUT',
      path: '/proxies/update_label',
      status: 422,
      body: { detail },
    });
    const proxy = changeableProxyOf(server());
    const { status, json } = await callApi(server(), 'PUT', 'proxies/update_label', {
      token: token(),
      body: { id: proxy.id, label: 'fine' },
    });
    expect(status).toBe(422);
    expect(json).toEqual({ detail });
    // The fault answered instead of the service: nothing was stored.
    expect(server().store.labelOf(proxy.id)).toBeUndefined();
  });

  it('answers 200 with malformed JSON, byte for byte', async () => {
    server().faults.add({
      status: 200,
      body: '{"uuid": "abc", ',
      headers: { 'content-type': 'application/json' },
    });
    const { status, text, json, headers } = await getMe();
    expect(status).toBe(200);
    expect(text).toBe('{"uuid": "abc", ');
    expect(json).toBeUndefined();
    expect(headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 200 with a body that violates the schema', async () => {
    server().faults.add({
      path: '/users/plans',
      status: 200,
      body: [{ id: 'one', proxies: null }],
    });
    const { status, json } = await callApi(server(), 'GET', 'users/plans', { token: token() });
    expect(status).toBe(200);
    expect(json).toEqual([{ id: 'one', proxies: null }]);
  });

  it('answers before authentication, like a gateway in front of the service', async () => {
    server().faults.add({ status: 503, body: { detail: 'Service Unavailable' } });
    const { status } = await callApi(server(), 'GET', 'users/me');
    expect(status).toBe(503);
  });
});

describe('broken connections', () => {
  it('drop: closes the connection without a response', async () => {
    server().faults.add({ method: 'GET', path: '/users/me', drop: true });
    await expect(getMe()).rejects.toThrow(TypeError);
    expect(server().requestLog.count({ path: '/users/me' })).toBe(1);
    expect((await getMe()).status).toBe(200);
  });

  it('hang: never answers; the client gives up; the server still closes', async () => {
    const hanging = await createApiServer();
    hanging.faults.add({ hang: true });
    const request = callApi(hanging, 'GET', 'users/me', {
      token: hanging.tokenFor('demo'),
      signal: AbortSignal.timeout(300),
    });
    await expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(hanging.requestLog.count()).toBe(1);
    // A second hanging request is still open when close() is called: close must not wait for it.
    hanging.faults.add({ hang: true });
    const stillOpen = callApi(hanging, 'GET', 'users/me', { token: hanging.tokenFor('demo') });
    await expect.poll(() => hanging.requestLog.count()).toBe(2);
    await hanging.close();
    await expect(stillOpen).rejects.toThrow(TypeError);
  });
});

describe('matching', () => {
  it('applies a fault only to its method and path', async () => {
    server().faults.add({ method: 'PUT', path: '/proxies/update_label', status: 500 });
    expect((await getMe()).status).toBe(200);
    expect((await callApi(server(), 'POST', 'users/me', { token: token() })).status).toBe(200);
    expect(server().faults.pending).toHaveLength(1);
    const proxy = changeableProxyOf(server());
    const { status } = await callApi(server(), 'PUT', 'proxies/update_label', {
      token: token(),
      body: { id: proxy.id, label: 'x' },
    });
    expect(status).toBe(500);
  });

  it('matches the method in any case, and "*" as anything', async () => {
    server().faults.add({ method: 'get', path: '*', status: 418 });
    expect((await callApi(server(), 'GET', 'users/plans', { token: token() })).status).toBe(418);
  });

  it('uses queued faults in order', async () => {
    server().faults.add({ status: 502 });
    server().faults.add({ status: 504 });
    expect((await getMe()).status).toBe(502);
    expect((await getMe()).status).toBe(504);
    expect((await getMe()).status).toBe(200);
  });
});

describe('FaultQueue', () => {
  it('refuses a times that is not a positive integer', () => {
    const queue = new FaultQueue();
    expect(() => queue.add({ status: 500, times: 0 })).toThrow(/times/);
    expect(() => queue.add({ status: 500, times: 1.5 })).toThrow(/times/);
    expect(queue.pending).toHaveLength(0);
  });

  it('counts down and then forgets a fault', () => {
    const queue = new FaultQueue();
    queue.add({ path: '/users/me', status: 500, times: 2 });
    expect(queue.take('GET', '/users/plans')).toBeUndefined();
    expect(queue.take('GET', '/users/me')).toMatchObject({ status: 500 });
    expect(queue.pending[0]?.remaining).toBe(1);
    expect(queue.take('POST', '/users/me')).toMatchObject({ status: 500 });
    expect(queue.take('GET', '/users/me')).toBeUndefined();
  });
});
