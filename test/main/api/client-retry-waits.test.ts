import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_RETRY_AFTER_MS } from '../../../src/main/api/retry-policy';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

/*
 * Waits a retry would take, at the limits: a Retry-After of exactly the longest the client waits
 * out, one second more, and a wait that would end exactly at the call's deadline. The clock is a
 * fake one, so that waiting half a minute takes no time.
 */

const fixture = useReferenceService();
const plansRequests = () => fixture.service().requestLog.count({ path: '/users/plans' });
const realSetTimeout = globalThis.setTimeout;
const realPause = () => new Promise((resolve) => realSetTimeout(resolve, 5));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets real I/O happen while the fake clock moves a second at a time, until the call settles. */
async function settleWithFakeClock<T>(call: Promise<T>): Promise<T> {
  let settled = false;
  void call.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let second = 0; !settled && second < 300; second += 1) {
    await realPause();
    vi.advanceTimersByTime(1_000);
  }
  return call;
}

describe('the longest Retry-After waited out', () => {
  it('is 30 s: the client waits it out and tries again', async () => {
    expect(MAX_RETRY_AFTER_MS).toBe(30_000);
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '30' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = fixture.client('demo', { timeoutMs: 600_000 });
    const listing = await settleWithFakeClock(client.listPlans());
    expect(listing.plans).toHaveLength(6);
    expect(plansRequests()).toBe(2);
  });

  it('31 s is reported at once, however long the call may take', async () => {
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '31' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = fixture.client('demo', { timeoutMs: 600_000 });
    const error = await rejectionOf(client.listPlans());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 31 });
    expect(plansRequests()).toBe(1);
  });
});

describe('a retry whose wait ends exactly at the deadline', () => {
  it('is not made: the failure is reported at once', async () => {
    // No jitter, and a clock that stands still: the first wait is exactly 250 ms.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: Date.now() });
    fixture.service().faults.add({ path: '/users/me', status: 503 });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 250 }).getAccount());
    expect(error).toMatchObject({ kind: 'server', status: 503 });
    expect(fixture.service().requestLog.count({ path: '/users/me' })).toBe(1);
  });
});

describe('a listing retried after a slow failure', () => {
  it('has its no-progress deadline start again when the retry begins', async () => {
    // The first try fails after 850 ms of a 1 s deadline; the retry waits 250–300 ms more.
    fixture.service().faults.add({ path: '/users/plans', drop: true, latencyMs: 850 });
    const listing = await fixture.client('demo', { timeoutMs: 1_000 }).listPlans();
    expect(listing.plans).toHaveLength(6);
    expect(plansRequests()).toBe(2);
  });
});
