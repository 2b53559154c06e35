import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createProxyServiceClient,
  ProxyServiceError,
} from '../../../src/main/api/proxy-service-client';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

const fixture = useReferenceService();
const plansRequests = () => fixture.service().requestLog.count({ path: '/users/plans' });

describe('passing failures are retried', () => {
  it.each([429, 502, 503, 504])('HTTP %i, then success', async (status) => {
    fixture.service().faults.add({ path: '/users/plans', status, times: 2 });
    expect((await fixture.client().listPlans()).plans).toHaveLength(6);
    expect(plansRequests()).toBe(3);
  });

  it('a dropped connection, for a PUT too (it sets a value, so repeating it is safe)', async () => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', drop: true });
    await fixture.client().setRotateInterval(id, 1_800);
    expect(fixture.service().requestLog.count({ path: '/proxies/update_rotate_interval' })).toBe(2);
    expect(fixture.service().store.proxyState(id)?.rotate_interval).toBe(1_800);
  });

  it('POST /users/me (a read) is retried as well', async () => {
    fixture.service().faults.add({ method: 'POST', path: '/users/me', status: 503 });
    await expect(fixture.client().verifyToken()).resolves.toMatchObject({ username: 'demo' });
    expect(fixture.service().requestLog.count({ path: '/users/me' })).toBe(2);
  });

  it('waits as long as Retry-After says before trying again', async () => {
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '1' } });
    await fixture.client().listPlans();
    const [first, second] = fixture.service().requestLog.matching({ path: '/users/plans' });
    expect(second && first && second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('stops after maxRetries and reports the last failure', async () => {
    fixture.service().faults.add({ path: '/users/plans', status: 503, times: 10 });
    const error = await rejectionOf(fixture.client('demo', { maxRetries: 2 }).listPlans());
    expect(error).toMatchObject({ kind: 'server', status: 503 });
    expect(plansRequests()).toBe(3);
  });

  it('a persistent 429 ends as rate_limited, with the wait the service asked for', async () => {
    fixture.service().faults.add({
      path: '/users/plans',
      status: 429,
      headers: { 'Retry-After': '0' },
      body: { detail: 'Too many requests' },
      times: 10,
    });
    const error = await rejectionOf(fixture.client('demo', { maxRetries: 3 }).listPlans());
    expect(error).toBeInstanceOf(ProxyServiceError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 0 });
    expect((error as Error).message).toContain('The service said: "Too many requests"');
    expect(plansRequests()).toBe(4);
  });

  it('a Retry-After longer than the cap is reported at once instead of waited out', async () => {
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '3600' } });
    const error = await rejectionOf(fixture.client().listPlans());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 3600 });
    expect((error as Error).message).toContain('try again in 3600 s');
    expect(plansRequests()).toBe(1);
  });

  it('a Retry-After beyond the call’s deadline is reported at once', async () => {
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '5' } });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 2_000 }).listPlans());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 5 });
    expect(plansRequests()).toBe(1);
  });

  it('HTTP 500 and 4xx are not retried', async () => {
    fixture.service().faults.add({ path: '/users/plans', status: 500 });
    await rejectionOf(fixture.client().listPlans());
    fixture.service().faults.add({ path: '/users/plans', status: 400 });
    await rejectionOf(fixture.client().listPlans());
    expect(plansRequests()).toBe(2);
  });
});

describe('network failures and deadlines', () => {
  it('a connection that keeps dropping is network, after every retry', async () => {
    fixture.service().faults.add({ path: '/users/plans', drop: true, times: 10 });
    const error = await rejectionOf(fixture.client('demo', { maxRetries: 2 }).listPlans());
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toMatch(
      /could not reach the service at 127\.0\.0\.1:\d+ \(the connection was reset\)/,
    );
    expect(plansRequests()).toBe(3);
  });

  it('a refused connection is network', async () => {
    const closedPort = await unusedPort();
    const client = createProxyServiceClient({
      baseUrl: `http://127.0.0.1:${closedPort}`,
      token: 't',
      maxRetries: 1,
    });
    const error = await rejectionOf(client.getAccount());
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toContain('connection refused');
  });

  it('an unknown host name is network', async () => {
    const client = createProxyServiceClient({
      baseUrl: 'https://no-such-host.invalid',
      token: 't',
      maxRetries: 0,
    });
    const error = await rejectionOf(client.getAccount());
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toMatch(
      /no-such-host\.invalid \((host name not found|name lookup failed)\)/,
    );
  });

  it('a service that never answers is timeout at the deadline', async () => {
    fixture.service().faults.add({ path: '/users/me', hang: true });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 300 }).getAccount());
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as Error).message).toBe(
      'Loading your account failed: the service did not answer in 0.3 s.',
    );
  });

  it('a listing that never starts is timeout after the no-progress deadline', async () => {
    fixture.service().faults.add({ path: '/users/plans', hang: true });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 300 }).listPlans());
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as Error).message).toBe(
      'Loading your plans failed: the service did not answer in 0.3 s.',
    );
  });

  it('the deadline covers the retries too', async () => {
    fixture.service().faults.add({ path: '/users/plans', status: 503 });
    fixture.service().faults.add({ path: '/users/plans', hang: true });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 1_000 }).listPlans());
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(plansRequests()).toBe(2);
  });

  it('no retry is started that could not finish before the deadline', async () => {
    fixture.service().faults.add({ path: '/users/plans', latencyMs: 150, status: 503, times: 50 });
    const error = await rejectionOf(
      fixture.client('demo', { timeoutMs: 1_000, maxRetries: 10 }).listPlans(),
    );
    expect(error).toBeInstanceOf(ProxyServiceError);
    expect(plansRequests()).toBeLessThan(11);
  });

  it('a slow answer within the deadline succeeds', async () => {
    fixture.service().faults.add({ path: '/users/me', latencyMs: 200 });
    await expect(fixture.client('demo', { timeoutMs: 5_000 }).getAccount()).resolves.toMatchObject({
      username: 'demo',
    });
  });
});

describe('cancellation', () => {
  it('aborting a call rejects with the caller’s reason, not a service error', async () => {
    fixture.service().faults.add({ path: '/users/plans', hang: true });
    const controller = new AbortController();
    const call = fixture.client().listPlans(controller.signal);
    setTimeout(() => controller.abort(), 50);
    const error = await rejectionOf(call);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('an already aborted signal sends nothing', async () => {
    const reason = new Error('popup closed');
    const error = await rejectionOf(fixture.client().getAccount(AbortSignal.abort(reason)));
    expect(error).toBe(reason);
    expect(fixture.service().requestLog.count()).toBe(0);
  });

  it('aborting during a retry wait stops the retries', async () => {
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 503, headers: { 'Retry-After': '2' }, times: 5 });
    const controller = new AbortController();
    const call = fixture.client().listPlans(controller.signal);
    setTimeout(() => controller.abort(), 200);
    expect(await rejectionOf(call)).toBeInstanceOf(DOMException);
    expect(plansRequests()).toBe(1);
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
