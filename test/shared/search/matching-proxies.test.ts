import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanSearch } from '../../../src/renderer/src/lib/proxy-search';
import { matchingProxies } from '../../../src/shared/search/matching-proxies';
import type { StatusFacts } from '../../../src/shared/search/status-filters';
import type { PlanView } from '../../../src/shared/views/plans-view';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-01T00:00:00Z');
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();
const FACTS: StatusFacts = { now: NOW, warnDays: 3, failing: new Set([12, 21]) };

const listing: PlanView[] = [
  {
    ...planView(1, 'Residential US', [
      proxyView(11, { label: 'Office Berlin', is_rotating: true }),
      proxyView(12, { label: 'Scraper', is_rotating: false }),
    ]),
    expire_date: inDays(2),
  },
  {
    ...planView(2, 'Datacenter DE', [
      proxyView(21, { label: 'berlin backup', is_rotating: null }),
      proxyView(22, { assigned_proxy_ipv4: '203.0.113.77', is_rotating: true }),
    ]),
    is_blocked: true,
    expire_date: inDays(60),
  },
  { ...planView(3, 'Empty', []), expire_date: null },
];

/** The plan and proxy ids found, in order. */
const found = (query: string, facts = FACTS) =>
  matchingProxies(listing, query, facts).map(({ plan, proxy }) => [plan.id, proxy.id]);

describe('matchingProxies', () => {
  it('gives every proxy, in listing order, for an empty or blank query', () => {
    const all = [
      [1, 11],
      [1, 12],
      [2, 21],
      [2, 22],
    ];
    expect(found('')).toEqual(all);
    expect(found('   ')).toEqual(all);
  });

  it('pairs each proxy with its own plan object', () => {
    const [first] = matchingProxies(listing, 'scraper', FACTS);
    expect(first?.plan).toBe(listing[0]);
    expect(first?.proxy).toBe(listing[0]?.proxies[1]);
  });

  it('finds labels, host:port and exit IPs, in any case', () => {
    expect(found('BERLIN')).toEqual([
      [1, 11],
      [2, 21],
    ]);
    expect(found('192.0.2.12:10012')).toEqual([[1, 12]]);
    expect(found('203.0.113.77')).toEqual([[2, 22]]);
  });

  it('wants every word, each in the plan’s name or the proxy’s key', () => {
    expect(found('berlin office')).toEqual([[1, 11]]);
    // "datacenter" is the plan's name: only "berlin" is looked for in its proxies.
    expect(found('datacenter berlin')).toEqual([[2, 21]]);
    // A plan whose name has every word gives all its proxies.
    expect(found('residential us')).toEqual([
      [1, 11],
      [1, 12],
    ]);
  });

  it('takes a quoted phrase as one word', () => {
    expect(found('"berlin backup"')).toEqual([[2, 21]]);
    expect(found('"backup berlin"')).toEqual([]);
    expect(found('"office berl')).toEqual([[1, 11]]);
  });

  it('applies the status filters, alone and with words', () => {
    expect(found('is:rotating')).toEqual([
      [1, 11],
      [2, 22],
    ]);
    expect(found('is:static')).toEqual([[1, 12]]);
    expect(found('is:blocked')).toEqual([
      [2, 21],
      [2, 22],
    ]);
    expect(found('is:expiring')).toEqual([
      [1, 11],
      [1, 12],
    ]);
    expect(found('is:failing')).toEqual([
      [1, 12],
      [2, 21],
    ]);
    expect(found('berlin IS:Failing')).toEqual([[2, 21]]);
    expect(found('is:rotating is:static')).toEqual([]);
  });

  it('reads is:expiring against the given time and warning days', () => {
    expect(found('is:expiring', { ...FACTS, warnDays: 1 })).toEqual([]);
    expect(found('is:expiring', { ...FACTS, now: NOW + 58 * DAY })).toEqual([
      [1, 11],
      [1, 12],
      [2, 21],
      [2, 22],
    ]);
  });

  it('searches an unknown is: word as text', () => {
    expect(found('is:fast')).toEqual([]);
  });
});

/** Few words, so that random queries often hit a plan's name or a proxy's field. */
const WORDS = ['us', 'de', 'berlin', 'office', 'mobile', '10', '192.0', ':100', 'user1', '2001:'];
const QUERY_TOKENS = [
  ...WORDS,
  'Berlin',
  '"office berlin"',
  '"mobile',
  '"',
  'is:rotating',
  'is:static',
  'is:blocked',
  'is:expiring',
  'is:failing',
  'IS:Static',
  'is:fast',
  'is:',
];

const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }).map((words) => words.join(' '));

const proxyShape = fc.record({
  label: fc.option(text, { nil: null }),
  is_rotating: fc.constantFrom(true, false, null),
  assigned_proxy_ipv4: fc.option(fc.constantFrom('198.51.100.10', '203.0.113.1'), { nil: null }),
  assigned_proxy_ipv6: fc.option(fc.constantFrom('2001:db8::10', '2001:DB8::1'), { nil: null }),
});

const planShape = fc.record({
  name: text,
  is_blocked: fc.boolean(),
  expire_date: fc.option(fc.integer({ min: -5, max: 10 }).map(inDays), { nil: null }),
  proxies: fc.array(proxyShape, { maxLength: 5 }),
});

/** Plans with ids unique across the listing, as the service gives them. */
const plansArbitrary = fc.array(planShape, { maxLength: 5 }).map((shapes) =>
  shapes.map((shape, p) => ({
    ...planView(p + 1, shape.name, []),
    is_blocked: shape.is_blocked,
    expire_date: shape.expire_date,
    proxies: shape.proxies.map((fields, i) => proxyView(p * 10 + i + 1, fields)),
  })),
);

const queryArbitrary = fc
  .array(fc.constantFrom(...QUERY_TOKENS), { maxLength: 4 })
  .map((tokens) => tokens.join(' '));

const factsArbitrary = fc.record({
  now: fc.constant(NOW),
  warnDays: fc.integer({ min: 0, max: 7 }),
  failing: fc.uniqueArray(fc.integer({ min: 1, max: 55 })).map((ids) => new Set(ids)),
});

/** What the popup's search shows, as plan and proxy pairs in the order of its list. */
function shownByPopup(search: PlanSearch, plans: PlanView[], query: string, facts: StatusFacts) {
  return search
    .filterPlans(plans, query, facts)
    .filter((group) => group.shown)
    .flatMap((group) => group.proxies.map((proxy) => ({ plan: group.plan, proxy })));
}

describe('matchingProxies and the popup’s search', () => {
  it('find the same proxies in the same order, keystroke by keystroke', () => {
    fc.assert(
      fc.property(plansArbitrary, queryArbitrary, factsArbitrary, (plans, query, facts) => {
        // One search typed a character at a time: the popup reuses its earlier results then.
        const popup = new PlanSearch();
        for (let end = 0; end <= query.length; end += 1) {
          const typed = query.slice(0, end);
          expect(matchingProxies(plans, typed, facts)).toEqual(
            shownByPopup(popup, plans, typed, facts),
          );
        }
      }),
    );
  });
});
