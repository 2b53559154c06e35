import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createProxyServiceClient,
  ProxyServiceError,
  type ProxyServiceClientOptions,
} from '../../../src/main/api/proxy-service-client';
import { startCannedResponseServer } from './canned-response-server';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

const fixture = useReferenceService();

afterEach(() => {
  vi.useRealTimers();
});

function refusalOf(overrides: Partial<ProxyServiceClientOptions>): unknown {
  try {
    fixture.client('demo', overrides);
  } catch (error) {
    return error;
  }
  throw new Error('Expected the client to be refused');
}

describe('options a client is refused with, in the words shown', () => {
  it.each([
    [
      'a timeout that is not a number',
      { timeoutMs: '20s' as unknown as number },
      'The timeout must be a number of milliseconds.',
    ],
    [
      'a timeout over 10 minutes',
      { timeoutMs: 600_001 },
      'The timeout must be at most 10 minutes.',
    ],
    [
      'a listing limit that is not a number',
      { listingCapMs: '1h' as unknown as number },
      'The listing limit must be a number of milliseconds.',
    ],
    ['a zero listing limit', { listingCapMs: 0 }, 'The listing limit must be positive.'],
    [
      'a listing limit over an hour',
      { listingCapMs: 3_600_001 },
      'The listing limit must be at most an hour.',
    ],
    ['a fractional retry count', { maxRetries: 1.5 }, 'The retry count must be a whole number.'],
  ])('%s', (_case, overrides, message) => {
    const error = refusalOf(overrides);
    expect(error).toBeInstanceOf(ProxyServiceError);
    expect(error).toMatchObject({ kind: 'invalid_input', message });
  });

  it('the longest limits allowed are accepted', () => {
    expect(() =>
      fixture.client('demo', { timeoutMs: 600_000, listingCapMs: 3_600_000, maxRetries: 10 }),
    ).not.toThrow();
  });
});

describe('what the service receives', () => {
  it('a token pasted with spaces and a line break around it is sent without them', async () => {
    const token = fixture.service().tokenFor('demo');
    await expect(
      fixture.client('demo', { token: `  ${token}\n` }).getAccount(),
    ).resolves.toMatchObject({ username: 'demo' });
    const request = fixture.service().requestLog.last({ path: '/users/me' });
    expect(request?.headers['authorization']).toBe(`Bearer ${token}`);
  });

  it('asks for JSON and names the app', async () => {
    await fixture.client().listPlans();
    const request = fixture.service().requestLog.last({ path: '/users/plans' });
    expect(request?.headers['accept']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe('ProxyTray');
  });
});

describe('a token of no known shape', () => {
  it('is masked when the service repeats it in its error', async () => {
    const server = await startCannedResponseServer();
    try {
      const token = 'opaque0123456789abcdefXYZ';
      server.reply(JSON.stringify({ detail: `unknown key ${token}` }), 401);
      const client = createProxyServiceClient({ baseUrl: server.url, token, maxRetries: 0 });
      const error = await rejectionOf(client.getAccount());
      expect(error).toMatchObject({ kind: 'auth' });
      expect((error as Error).message).toContain('unknown key [redacted]');
      expect((error as Error).message).not.toContain('opaque0123456789');
    } finally {
      await server.close();
    }
  });
});

describe('how long the client waited, in words', () => {
  // The clock is a fake one: the service never answers, and the deadline is made to pass.
  it.each([
    [120_000, '2 min'],
    [600_000, '10 min'],
    [60_000, '60 s'],
    [150_000, '150 s'],
    [2_000, '2 s'],
    [1_234, '1.2 s'],
  ])('a deadline of %i ms reads "%s"', async (timeoutMs, words) => {
    fixture.service().faults.add({ path: '/users/me', hang: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = rejectionOf(fixture.client('demo', { timeoutMs }).getAccount());
    vi.advanceTimersByTime(timeoutMs);
    expect(await call).toMatchObject({
      kind: 'timeout',
      message: `Loading your account failed: the service did not answer in ${words}.`,
    });
  });

  it('the listing’s overall limit reads in minutes too', async () => {
    fixture.service().faults.add({ path: '/users/plans', hang: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = fixture.client('demo', { timeoutMs: 600_000, listingCapMs: 180_000 });
    const call = rejectionOf(client.listPlans());
    vi.advanceTimersByTime(180_000);
    expect(await call).toMatchObject({
      kind: 'timeout',
      message: 'Loading your plans failed: the answer did not finish arriving within 3 min.',
    });
  });
});

describe('after a call', () => {
  it('no deadline of it is left running', async () => {
    // Only the client's own timers go through the fake clock here; sockets keep their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = fixture.client('demo', { timeoutMs: 600_000 });
    await client.getAccount();
    await client.listPlans();
    fixture.service().faults.add({ path: '/users/me', status: 500 });
    await rejectionOf(client.getAccount());
    expect(vi.getTimerCount()).toBe(0);
  });
});
