import { describe, expect, it } from 'vitest';
import type { PlanView, ProxyView } from '../../../src/shared/views/plans-view';
import {
  countProxies,
  firstMatch,
  matchSummary,
  PlanSearch,
} from '../../../src/renderer/src/lib/proxy-search';
import { searchKeyOf } from '../../../src/shared/search/search-key';
import { planView, proxyView } from './view-fixtures';

const proxy = proxyView;
const plan = planView;

const plans = [
  plan(100, 'Residential US 50', [
    proxy(1, { label: 'Office Berlin' }),
    proxy(2, { username: 'alice' }),
  ]),
  plan(101, 'Datacenter DE 10', [proxy(3), proxy(4, { label: 'Scraper' })]),
];
const search = new PlanSearch();
const ids = (query: string) =>
  search
    .filterPlans(plans, query)
    .filter((group) => group.shown)
    .map((group) => [group.plan.id, group.proxies.map((p) => p.id)]);

describe('filterPlans', () => {
  it('shows every plan with every proxy for an empty or blank search', () => {
    expect(ids('')).toEqual([
      [100, [1, 2]],
      [101, [3, 4]],
    ]);
    expect(ids('   ')).toEqual(ids(''));
  });

  it('matches labels, case-insensitively', () => {
    expect(ids('berlin')).toEqual([[100, [1]]]);
    expect(ids('SCRAPER')).toEqual([[101, [4]]]);
  });

  it('matches ip, port, ip:port and username', () => {
    expect(ids('192.0.2.3')).toEqual([[101, [3]]]);
    expect(ids('10004')).toEqual([[101, [4]]]);
    expect(ids('192.0.2.2:10002')).toEqual([[100, [2]]]);
    expect(ids('alice')).toEqual([[100, [2]]]);
  });

  it('keeps every proxy of a plan whose name matches', () => {
    expect(ids('datacenter')).toEqual([[101, [3, 4]]]);
  });

  it('does not match across two fields', () => {
    expect(ids('berlin192')).toEqual([]);
    expect(ids('10001user')).toEqual([]);
  });

  it('shows the proxies that have every word, each in any field or in the plan’s name', () => {
    // A plan word and a port ("Mobile 10"-like), a label word and a plan word, in any order.
    expect(ids('datacenter 10004')).toEqual([[101, [4]]]);
    expect(ids('10004 DATACENTER')).toEqual([[101, [4]]]);
    expect(ids('office residential')).toEqual([[100, [1]]]);
    expect(ids('berlin 192.0.2.1')).toEqual([[100, [1]]]);
    // Every word must be found for the same proxy: one word each is not enough.
    expect(ids('berlin alice')).toEqual([]);
    expect(ids('scraper residential')).toEqual([]);
    // Every word in the plan's name: the plan whole.
    expect(ids('us residential')).toEqual([[100, [1, 2]]]);
    // Spaces between words do not count.
    expect(ids('  office   berlin ')).toEqual([[100, [1]]]);
  });

  it('reads a quoted phrase as one word, its closing quote optional', () => {
    expect(ids('"office berlin"')).toEqual([[100, [1]]]);
    expect(ids('"berlin office"')).toEqual([]);
    expect(ids('berlin office')).toEqual([[100, [1]]]);
    expect(ids('"office b')).toEqual([[100, [1]]]);
    expect(ids('"datacenter de" scraper')).toEqual([[101, [4]]]);
  });

  it('hides plans without a match, with no proxies, but keeps one entry per plan', () => {
    expect(ids('nothing like this')).toEqual([]);
    const groups = search.filterPlans(plans, 'berlin');
    expect(groups.map((group) => [group.plan.id, group.shown, group.proxies.length])).toEqual([
      [100, true, 1],
      [101, false, 0],
    ]);
  });

  it('shows an empty plan when nothing is searched', () => {
    const empty = [plan(102, 'Empty', [])];
    expect(search.filterPlans(empty, '').map((group) => group.shown)).toEqual([true]);
    expect(search.filterPlans(empty, 'x').map((group) => group.shown)).toEqual([false]);
  });

  it('filters 10,000 proxies and counts them', () => {
    const many = Array.from({ length: 100 }, (_, p) =>
      plan(
        1000 + p,
        `Plan ${p}`,
        Array.from({ length: 100 }, (_, i) => proxy(p * 100 + i)),
      ),
    );
    const big = new PlanSearch();
    expect(countProxies(big.filterPlans(many, ''))).toBe(10_000);
    expect(countProxies(big.filterPlans(many, 'user9999'))).toBe(1);
    expect(countProxies(big.filterPlans(many, '"plan 42"'))).toBe(100);
    // As two words, Plan 42 whole and every other proxy with 42 in a field.
    const twoWords = big.filterPlans(many, 'plan 42');
    expect(twoWords.find((group) => group.plan.name === 'Plan 42')?.proxies).toHaveLength(100);
    const elsewhere = many
      .filter((other) => other.name !== 'Plan 42')
      .flatMap((other) => other.proxies)
      .filter((other) => searchKeyOf(other).includes('42')).length;
    expect(elsewhere).toBeGreaterThan(0);
    expect(countProxies(twoWords)).toBe(100 + elsewhere);
  });
});

describe('matchSummary', () => {
  it('counts proxies, in the singular for one', () => {
    expect(matchSummary(12, '')).toBe('12 proxies');
    expect(matchSummary(1, 'berlin')).toBe('1 proxy');
    expect(matchSummary(0, '')).toBe('0 proxies');
  });

  it('names the search that matched nothing', () => {
    expect(matchSummary(0, ' zzz ')).toBe('No proxy matches “zzz”');
  });
});

describe('allPlans', () => {
  it('shows every plan whole, like an empty search', () => {
    expect(new PlanSearch().allPlans(plans)).toEqual(search.filterPlans(plans, ''));
  });
});

describe('a plan patched', () => {
  /** The listing after one proxy of plan 100 changed: a new plan 100, plan 101 as it was. */
  function patched(label: string): PlanView[] {
    const [first, second] = plans as [PlanView, PlanView];
    const proxies = [{ ...(first.proxies[0] as ProxyView), label }, first.proxies[1] as ProxyView];
    return [{ ...first, proxies }, second];
  }

  it('keeps the matches of every other plan as the same object, with no search', () => {
    const memo = new PlanSearch();
    const before = memo.allPlans(plans);
    const after = memo.allPlans(patched('Office Paris'));
    expect(after[1]).toBe(before[1]);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]?.proxies[0]?.label).toBe('Office Paris');
  });

  it('re-indexes and re-filters only the patched plan under a search', () => {
    const memo = new PlanSearch();
    const before = memo.filterPlans(plans, 'user');
    const indexOfOther = memo.indexOf(plans[1] as PlanView);
    const listing = patched('Office Paris');
    const after = memo.filterPlans(listing, 'user');
    expect(after[1]).toBe(before[1]);
    expect(memo.indexOf(listing[1] as PlanView)).toBe(indexOfOther);
    expect(memo.indexOf(listing[0] as PlanView).keys[0]).toContain('office paris');
    expect(after[0]).not.toBe(before[0]);
  });

  it('finds the patched proxy by its new text', () => {
    const memo = new PlanSearch();
    expect(memo.filterPlans(plans, 'paris').map((group) => group.shown)).toEqual([false, false]);
    const after = memo.filterPlans(patched('Office Paris'), 'paris');
    expect(after.map((group) => [group.shown, group.proxies.map((p) => p.id)])).toEqual([
      [true, [1]],
      [false, []],
    ]);
  });
});

describe('the same plans searched again', () => {
  it('gives the same matches object per plan for the same search', () => {
    const memo = new PlanSearch();
    const first = memo.filterPlans(plans, 'berlin');
    const again = memo.filterPlans(plans, '  Berlin ');
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
  });

  it('keeps a plan whose matches a longer search leaves as they were', () => {
    const memo = new PlanSearch();
    const shorter = memo.filterPlans(plans, 'berl');
    const longer = memo.filterPlans(plans, 'berlin');
    // Plan 100 matches proxy 1 both times; plan 101 is hidden both times.
    expect(longer[0]).toBe(shorter[0]);
    expect(longer[1]).toBe(shorter[1]);
    // No plan's matches changed: the list itself is the same, and nothing downstream redoes work.
    expect(longer).toBe(shorter);
    expect(memo.filterPlans(plans, 'berlin zz')).not.toBe(longer);
  });

  it('finds, typing on and taking back, what a fresh search finds', () => {
    const many = Array.from({ length: 4 }, (_, p) =>
      plan(
        1000 + p,
        `Plan ${p}`,
        Array.from({ length: 30 }, (_, i) => proxy(p * 30 + i, { label: `Box ${i % 7}` })),
      ),
    );
    const memo = new PlanSearch();
    const typed = [
      'b',
      'bo',
      'box',
      'box ',
      'box 3',
      'box',
      'x 3',
      'user1',
      'user12',
      'user1',
      'plan 2',
      'plan 23',
      'is:static box 1',
      'box 3 plan',
      'box 3 plan 1',
      'box 3 plan',
      'b 3',
      'b 3 p',
      '3 b',
      '"box 3',
      '"box 3"',
      '"box 3" plan 0',
      'user1 plan 0',
      'user1 plan 03',
      'is:static box plan 1',
    ];
    for (const query of typed) {
      const found = (search: PlanSearch) =>
        search
          .filterPlans(many, query)
          .map((group) => [group.shown, group.proxies.map((p) => p.id)]);
      expect(found(memo), query).toEqual(found(new PlanSearch()));
    }
  });

  it('gives back the same matches object per plan after Backspace', () => {
    const memo = new PlanSearch();
    const shorter = memo.filterPlans(plans, 'user');
    memo.filterPlans(plans, 'user2');
    const back = memo.filterPlans(plans, 'user');
    expect(back[0]).toBe(shorter[0]);
    expect(back[1]).toBe(shorter[1]);
  });

  it('shows a plan whose name matches as it shows it with no search, the same object', () => {
    const memo = new PlanSearch();
    expect(memo.filterPlans(plans, 'datacenter')[1]).toBe(memo.allPlans(plans)[1]);
  });
});

describe('exit IPs', () => {
  const exits = [
    plan(200, 'Exits', [
      proxy(21, { assigned_proxy_ipv4: '203.0.113.77', assigned_proxy_ipv6: '2001:DB8:AB::7' }),
      proxy(22, { assigned_proxy_ipv4: null, assigned_proxy_ipv6: null }),
    ]),
  ];
  const found = (query: string) =>
    new PlanSearch().filterPlans(exits, query).flatMap((group) => group.proxies.map((p) => p.id));

  it('finds a proxy by its assigned IPv4 or IPv6 address, in any case', () => {
    expect(found('203.0.113.77')).toEqual([21]);
    expect(found('2001:db8:ab::7')).toEqual([21]);
    expect(found('DB8:AB')).toEqual([21]);
  });

  it('never matches across the username and the exit IP', () => {
    expect(found('user21203')).toEqual([]);
  });
});

describe('status filters', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-03-01T00:00:00Z');
  const inDays = (days: number) => new Date(now + days * DAY).toISOString().replace('.000', '');
  const listing = [
    {
      ...plan(300, 'Blocked DE', [
        proxy(31, { is_rotating: true, label: 'de-1' }),
        proxy(32, { is_rotating: false, label: 'de-2' }),
      ]),
      is_blocked: true,
      expire_date: inDays(100),
    },
    {
      ...plan(301, 'Soon US', [
        proxy(33, { is_rotating: true, label: 'us-1' }),
        proxy(34, { is_rotating: null, label: 'de-1 us' }),
      ]),
      expire_date: inDays(2),
    },
    { ...plan(302, 'Expired', [proxy(35, { is_rotating: false })]), expire_date: inDays(-1) },
    { ...plan(303, 'Later', [proxy(36, { is_rotating: true })]), expire_date: inDays(30) },
    { ...plan(304, 'Unknown end', [proxy(37)]), expire_date: null },
  ];
  const facts = { now, warnDays: 3, failing: new Set([32, 33]) };
  const shown = (query: string, memo = new PlanSearch(), given = facts) =>
    memo
      .filterPlans(listing, query, given)
      .filter((group) => group.shown)
      .map((group) => [group.plan.id, group.proxies.map((p) => p.id)]);

  it('is:rotating and is:static test each proxy; an unknown rotation is neither', () => {
    expect(shown('is:rotating')).toEqual([
      [300, [31]],
      [301, [33]],
      [303, [36]],
    ]);
    expect(shown('is:static')).toEqual([
      [300, [32]],
      [302, [35]],
      [304, [37]],
    ]);
  });

  it('is:blocked shows the blocked plans whole, as an empty search does', () => {
    const memo = new PlanSearch();
    expect(shown('is:blocked', memo)).toEqual([[300, [31, 32]]]);
    expect(memo.filterPlans(listing, 'is:blocked', facts)[0]).toBe(memo.allPlans(listing)[0]);
  });

  it('is:expiring shows plans ending within the warning days or already ended', () => {
    expect(shown('is:expiring')).toEqual([
      [301, [33, 34]],
      [302, [35]],
    ]);
    expect(shown('is:expiring', new PlanSearch(), { ...facts, warnDays: 1 })).toEqual([
      [302, [35]],
    ]);
    expect(shown('is:expiring', new PlanSearch(), { ...facts, now: now + 40 * DAY })).toEqual([
      [301, [33, 34]],
      [302, [35]],
      [303, [36]],
    ]);
  });

  it('is:failing shows the proxies whose last check failed', () => {
    expect(shown('is:failing')).toEqual([
      [300, [32]],
      [301, [33]],
    ]);
  });

  it('combines filters with each other and with text', () => {
    expect(shown('is:rotating de-1')).toEqual([[300, [31]]]);
    expect(shown('de-1')).toEqual([
      [300, [31]],
      [301, [34]],
    ]);
    expect(shown('is:rotating is:expiring')).toEqual([[301, [33]]]);
    expect(shown('is:blocked is:failing')).toEqual([[300, [32]]]);
    expect(shown('is:rotating is:static')).toEqual([]);
    // A plan whose name matches shows those of its proxies that pass the per-proxy filters.
    expect(shown('soon is:rotating')).toEqual([[301, [33]]]);
    expect(shown('blocked is:expiring')).toEqual([]);
  });

  it('combines filters with several words, each found in a field or the plan’s name', () => {
    expect(shown('soon us is:rotating')).toEqual([[301, [33]]]);
    expect(shown('is:failing de-2 soon')).toEqual([]);
    expect(shown('de-1 soon')).toEqual([[301, [34]]]);
    expect(shown('de-1 blocked is:static')).toEqual([]);
    expect(shown('de blocked is:failing')).toEqual([[300, [32]]]);
  });

  it('searches an unknown is: word as text', () => {
    expect(shown('is:fast')).toEqual([]);
  });

  it('redoes is:failing when the check results change, and reuses it while they do not', () => {
    const memo = new PlanSearch();
    const first = memo.filterPlans(listing, 'is:failing', facts);
    expect(memo.filterPlans(listing, 'is:failing', { ...facts })).toEqual(first);
    expect(memo.filterPlans(listing, 'is:failing', { ...facts })[0]).toBe(first[0]);
    const after = { ...facts, failing: new Set([31, 36]) };
    expect(shown('is:failing', memo, after)).toEqual([
      [300, [31]],
      [303, [36]],
    ]);
  });

  it('redoes is:expiring when time passes, for the same listing and query', () => {
    const memo = new PlanSearch();
    expect(shown('is:expiring', memo).map(([id]) => id)).toEqual([301, 302]);
    const later = { ...facts, now: now + 28 * DAY };
    expect(shown('is:expiring', memo, later).map(([id]) => id)).toEqual([301, 302, 303]);
  });
});

describe('firstMatch', () => {
  it('is the first proxy of the first plan shown, or undefined when none is', () => {
    const memo = new PlanSearch();
    expect(firstMatch(memo.filterPlans(plans, 'scraper'))?.id).toBe(4);
    expect(firstMatch(memo.filterPlans(plans, 'user'))?.id).toBe(1);
    expect(firstMatch(memo.filterPlans(plans, 'nothing like this'))).toBeUndefined();
    expect(firstMatch([])).toBeUndefined();
  });

  it('skips a plan shown with no proxies', () => {
    const listing = [plan(110, 'Empty', []), ...plans];
    expect(firstMatch(new PlanSearch().allPlans(listing))?.id).toBe(1);
  });
});
