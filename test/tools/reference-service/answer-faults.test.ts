import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FaultQueue } from '../../../tools/reference-service/faults';
import { rawRequest } from './raw-request';
import { createApiServer } from '../../../tools/reference-service/server';
import { callApi, changeableProxyOf } from './test-helpers';
import { useApiServer } from './use-api-server';

// No dialect pinned: these faults must behave the same under PROXY_TRAY_API_DIALECT=loose.
const server = useApiServer();
const token = () => server().tokenFor('demo');

/** The listing as the service sends it without a fault: the bytes a spoiled answer is cut from. */
async function normalListing(): Promise<Buffer> {
  const { text } = await callApi(server(), 'GET', 'users/plans', { token: token() });
  return Buffer.from(text);
}

describe('cutBody', () => {
  it('declares the full length, sends half of the real answer and closes', async () => {
    const full = await normalListing();
    server().faults.add({ method: 'GET', path: '/users/plans', cutBody: true });
    const exchange = rawRequest(server(), 'GET', 'users/plans', { token: token() });
    const head = await exchange.head;
    expect(head?.status).toBe(200);
    expect(head?.headers['content-length']).toBe(String(full.length));
    expect(head?.headers['content-type']).toBe('application/json; charset=utf-8');
    const { complete, body } = await exchange.outcome;
    expect(complete).toBe(false);
    expect(body).toEqual(full.subarray(0, Math.floor(full.length / 2)));
  });

  it('applies the update although the client only sees a broken reply', async () => {
    const proxy = changeableProxyOf(server());
    server().faults.add({ method: 'PUT', path: '/proxies/update_label', cutBody: true });
    const request = callApi(server(), 'PUT', 'proxies/update_label', {
      token: token(),
      body: { id: proxy.id, label: 'cut but stored' },
    });
    await expect(request).rejects.toThrow(TypeError);
    expect(server().store.labelOf(proxy.id)).toBe('cut but stored');
  });

  it('cuts a body of its own, with its own status and headers', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    server().faults.add({
      cutBody: true,
      status: 502,
      body: page,
      headers: { 'Content-Type': 'text/html' },
    });
    const exchange = rawRequest(server(), 'GET', 'users/me', { token: token() });
    const head = await exchange.head;
    expect(head?.status).toBe(502);
    expect(head?.headers['content-type']).toBe('text/html');
    expect(head?.headers['content-length']).toBe(String(page.length));
    const { complete, body } = await exchange.outcome;
    expect(complete).toBe(false);
    expect(body.toString()).toBe(page.slice(0, page.length / 2));
  });
});

describe('afterApply', () => {
  it('drop: applies the update, then resets the connection without an answer', async () => {
    const proxy = changeableProxyOf(server());
    const value = !server().store.proxyState(proxy.id)?.is_rotating;
    server().faults.add({ method: 'PUT', afterApply: 'drop' });
    const request = callApi(server(), 'PUT', 'proxies/update_rotation', {
      token: token(),
      body: { id: proxy.id, is_rotating: value },
    });
    await expect(request).rejects.toThrow(TypeError);
    expect(server().store.proxyState(proxy.id)?.is_rotating).toBe(value);
    expect(server().requestLog.count({ path: '/proxies/update_rotation' })).toBe(1);
  });

  it('hang: applies the update, then never answers; the server still closes', async () => {
    const hanging = await createApiServer();
    const proxy = changeableProxyOf(hanging);
    hanging.faults.add({ afterApply: 'hang', times: 2 });
    const timedOut = callApi(hanging, 'PUT', 'proxies/update_rotate_interval', {
      token: hanging.tokenFor('demo'),
      body: { id: proxy.id, rotate_interval: 4321 },
      signal: AbortSignal.timeout(300),
    });
    await expect(timedOut).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(hanging.store.proxyState(proxy.id)?.rotate_interval).toBe(4321);

    const stillOpen = callApi(hanging, 'PUT', 'proxies/update_label', {
      token: hanging.tokenFor('demo'),
      body: { id: proxy.id, label: 'never confirmed' },
    });
    await expect.poll(() => hanging.store.labelOf(proxy.id)).toBe('never confirmed');
    await hanging.close();
    await expect(stillOpen).rejects.toThrow(TypeError);
  });
});

describe('throttle', () => {
  it('sends the whole answer, in many chunks', async () => {
    const full = await normalListing();
    const bytesPerChunk = 1024;
    server().faults.add({ path: '/users/plans', throttle: { bytesPerChunk, chunkIntervalMs: 15 } });
    const exchange = rawRequest(server(), 'GET', 'users/plans', { token: token() });
    expect((await exchange.head)?.headers['content-length']).toBe(String(full.length));
    const { complete, body } = await exchange.outcome;
    expect(complete).toBe(true);
    expect(body).toEqual(full);
    // One write per chunk; a busy client may read two at once, never one larger than written.
    const writes = Math.ceil(full.length / bytesPerChunk);
    expect(writes).toBeGreaterThanOrEqual(8);
    expect(exchange.chunks.length).toBeGreaterThanOrEqual(writes / 2);
    expect(Math.max(...exchange.chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(
      2 * bytesPerChunk,
    );
  });

  it('leaves the connection usable afterwards', async () => {
    server().faults.add({ throttle: { bytesPerChunk: 64, chunkIntervalMs: 1 } });
    const throttled = await callApi(server(), 'GET', 'users/me', { token: token() });
    const plain = await callApi(server(), 'GET', 'users/me', { token: token() });
    expect([throttled.status, throttled.text]).toEqual([plain.status, plain.text]);
  });
});

describe('stallAfterBytes', () => {
  it('sends exactly that many bytes, then nothing; the server still closes', async () => {
    const stalling = await createApiServer();
    let closed = false;
    try {
      stalling.faults.add({ path: '/users/plans', stallAfterBytes: 100 });
      const exchange = rawRequest(stalling, 'GET', 'users/plans', {
        token: stalling.tokenFor('demo'),
      });
      let settled = false;
      void exchange.outcome.then(() => (settled = true));
      expect((await exchange.head)?.status).toBe(200);
      await expect.poll(() => exchange.received()).toBe(100);
      await sleep(300);
      expect(exchange.received()).toBe(100);
      expect(settled).toBe(false);

      await stalling.close();
      closed = true;
      expect((await exchange.outcome).complete).toBe(false);
    } finally {
      if (!closed) await stalling.close();
    }
  });

  it('with 0 bytes sends the headers alone', async () => {
    server().faults.add({ path: '/users/me', stallAfterBytes: 0 });
    const exchange = rawRequest(server(), 'GET', 'users/me', { token: token() });
    const head = await exchange.head;
    expect(head?.status).toBe(200);
    expect(Number(head?.headers['content-length'])).toBeGreaterThan(0);
    await sleep(100);
    expect(exchange.received()).toBe(0);
  });
});

describe('FaultQueue', () => {
  it.each([
    ['a chunk of 0 bytes', { throttle: { bytesPerChunk: 0, chunkIntervalMs: 10 } }],
    ['a negative interval', { throttle: { bytesPerChunk: 10, chunkIntervalMs: -1 } }],
    ['a fractional stall', { stallAfterBytes: 1.5 }],
    ['a cut of a 204', { cutBody: true as const, status: 204 }],
  ])('refuses %s', (_case, fault) => {
    const queue = new FaultQueue();
    expect(() => queue.add(fault)).toThrow();
    expect(queue.pending).toHaveLength(0);
  });
});
