import { describe, expect, it } from 'vitest';
import type { ListingProblem } from '../../../src/main/api/decoding/listing-problems';
import { listingNoticeOf } from '../../../src/main/plans/listing-notice';
import { isolateBidi } from '../../../src/shared/text/bidi-controls';

const problem = (overrides: Partial<ListingProblem>): ListingProblem => ({
  path: '[0].proxies[3].port',
  message: 'Expected a port from 1 to 65535',
  effect: 'hidden',
  item: 'proxy',
  planId: 100,
  planName: 'Residential US 50',
  ...overrides,
});

/** Plan names are isolated in the sentence: their direction never spills into the app's words. */
const RESIDENTIAL = '\u2068Residential US 50\u2069';

describe('the notice of what a listing left out', () => {
  it('isolates a plan name, whose own direction controls are dropped', () => {
    expect(listingNoticeOf([problem({ planName: 'Resi\u202Edential\u2069' })])?.message).toBe(
      '1 proxy of \u2068Residential\u2069 could not be read and is hidden.',
    );
  });

  it('is null when everything was read', () => {
    expect(listingNoticeOf([])).toBeNull();
  });

  it('counts hidden proxies per plan, in one sentence', () => {
    expect(listingNoticeOf([problem({})])?.message).toBe(
      `1 proxy of ${RESIDENTIAL} could not be read and is hidden.`,
    );
    const twoPlans = [
      problem({}),
      problem({ path: '[0].proxies[4].password' }),
      problem({ path: '[1].proxies[0].id', planId: 101, planName: 'Mobile 10' }),
    ];
    expect(listingNoticeOf(twoPlans)?.message).toBe(
      `3 proxies could not be read and are hidden (2 of ${RESIDENTIAL}, 1 of ${isolateBidi('Mobile 10')}).`,
    );
  });

  it('says hidden plans and values shown as unknown apart, with every path in the details', () => {
    const notice = listingNoticeOf([
      problem({
        item: 'plan',
        path: '[2].id',
        message: 'Expected a positive integer id',
        planId: null,
        planName: null,
      }),
      problem({
        effect: 'unknown',
        path: '[0].proxies[1].assigned_proxy_ipv6',
        message: 'Expected an IPv6 address',
      }),
      problem({
        effect: 'unknown',
        path: '[0].proxies[1].is_rotating',
        message: 'Expected true or false',
      }),
      problem({
        effect: 'unknown',
        item: 'plan',
        path: '[0].expire_date',
        message: 'Expected an ISO 8601 timestamp',
      }),
    ]);
    expect(notice?.message).toBe(
      '1 plan could not be read and is hidden. Some details of 2 items could not be read and are shown as unknown.',
    );
    expect(notice?.details).toBe(
      '[2].id: Expected a positive integer id; [0].proxies[1].assigned_proxy_ipv6: Expected an IPv6 address; [0].proxies[1].is_rotating: Expected true or false; [0].expire_date: Expected an ISO 8601 timestamp',
    );
  });

  it('names at most eight paths, then how many more', () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      problem({ path: `[0].proxies[${index}].port` }),
    );
    const notice = listingNoticeOf(many);
    expect(notice?.message).toBe(`12 proxies of ${RESIDENTIAL} could not be read and are hidden.`);
    expect(notice?.details.split('; ')).toHaveLength(9);
    expect(notice?.details.endsWith('; and 4 more')).toBe(true);
  });

  it('names eight paths in full, with no "more"', () => {
    const eight = Array.from({ length: 8 }, (_, index) =>
      problem({ path: `[0].proxies[${index}].port` }),
    );
    const details = listingNoticeOf(eight)?.details ?? '';
    expect(details.split('; ')).toHaveLength(8);
    expect(details).not.toContain('more');
  });

  it('counts hidden plans, and names a hidden proxy’s plan that has no readable name as unnamed', () => {
    const plan = (index: number) =>
      problem({ item: 'plan', path: `[${index}].id`, planId: null, planName: null });
    expect(listingNoticeOf([plan(2), plan(3)])?.message).toBe(
      '2 plans could not be read and are hidden.',
    );
    expect(listingNoticeOf([problem({ planName: null })])?.message).toBe(
      '1 proxy of an unnamed plan could not be read and is hidden.',
    );
  });

  it('words unknown plan details as plans', () => {
    const notice = listingNoticeOf([
      problem({ effect: 'unknown', item: 'plan', path: '[0].expire_date' }),
      problem({ effect: 'unknown', item: 'plan', path: '[1].expire_date' }),
    ]);
    expect(notice?.message).toBe(
      'Some details of 2 plans could not be read and are shown as unknown.',
    );
  });
});
