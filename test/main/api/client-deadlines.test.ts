import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES } from '../../../src/main/api/response-limits';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

/*
 * The listing's deadline is on no progress: a large listing on a slow link loads as long as bytes
 * keep coming, and one that stops is given up on. Other calls keep one deadline for the whole call.
 */

const fixture = useReferenceService({
  dialect: 'spec',
  accounts: [{ username: 'demo', plans: 10, proxiesPerPlan: 20 }],
});

const listingBytes = async () => {
  const response = await fetch(new URL('users/plans', fixture.service().baseUrl), {
    headers: { authorization: `Bearer ${fixture.service().tokenFor('demo')}` },
  });
  return (await response.text()).length;
};

describe('the listing on a slow link', () => {
  it('loads a listing that takes longer than the deadline but keeps arriving', async () => {
    const bytes = await listingBytes();
    // About 15 chunks 150 ms apart: over two seconds in all, never a second without a byte.
    const bytesPerChunk = Math.ceil(bytes / 15);
    fixture.service().faults.add({
      path: '/users/plans',
      throttle: { bytesPerChunk, chunkIntervalMs: 150 },
    });
    const listing = await fixture.client('demo', { timeoutMs: 1_000 }).listPlans();
    expect(listing.plans.flatMap((plan) => plan.proxies)).toHaveLength(200);
  });

  it('gives up on a listing that stops arriving, saying how long it waited for an answer', async () => {
    fixture.service().faults.add({ path: '/users/plans', stallAfterBytes: 1_000 });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 500 }).listPlans());
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'Loading your plans failed: the service did not answer in 0.5 s.',
    });
  });

  it('gives up at the overall cap however steadily it arrives', async () => {
    const bytes = await listingBytes();
    fixture.service().faults.add({
      path: '/users/plans',
      throttle: { bytesPerChunk: Math.ceil(bytes / 20), chunkIntervalMs: 150 },
    });
    const client = fixture.client('demo', { timeoutMs: 1_000, listingCapMs: 1_200 });
    const error = await rejectionOf(client.listPlans());
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'Loading your plans failed: the answer did not finish arriving within 1.2 s.',
    });
  });

  it('keeps one deadline for the whole call elsewhere: a slow account answer times out', async () => {
    fixture.service().faults.add({
      path: '/users/me',
      throttle: { bytesPerChunk: 20, chunkIntervalMs: 100 },
    });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 300 }).getAccount());
    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

describe('answers that cannot be taken in', () => {
  it('a listing cut off mid-body is bad_response, not "refused as invalid"', async () => {
    fixture.service().faults.add({ path: '/users/plans', cutBody: true });
    const error = await rejectionOf(fixture.client('demo', { maxRetries: 0 }).listPlans());
    expect(error).toMatchObject({ kind: 'bad_response' });
    expect((error as Error).message).toBe(
      'Loading your plans failed: the service sent an answer this app does not understand (it broke off before its end; try again).',
    );
  });

  it('an answer over the 64 MB cap says so', async () => {
    fixture.service().faults.add({
      path: '/users/plans',
      status: 200,
      body: `[${' '.repeat(MAX_RESPONSE_BYTES)}]`,
      headers: { 'content-type': 'application/json' },
    });
    const error = await rejectionOf(fixture.client('demo', { maxRetries: 0 }).listPlans());
    expect(error).toMatchObject({ kind: 'bad_response' });
    expect((error as Error).message).toContain(
      'it is larger than 64 MB, more than this app accepts',
    );
  });
});
