import { describe, expect, it } from 'vitest';
import type { PlanView, ProxyView } from '../../../src/shared/ipc/plans-view';
import {
  allPlans,
  buildSearchIndex,
  countProxies,
  filterPlans,
  matchSummary,
} from '../../../src/renderer/src/lib/proxy-search';

function proxy(id: number, overrides: Partial<ProxyView> = {}): ProxyView {
  return {
    id,
    username: `user${id}`,
    ip: `192.0.2.${id % 250}`,
    port: 10_000 + id,
    assigned_proxy_ipv4: '198.51.100.1',
    assigned_proxy_ipv6: '2001:db8::1',
    is_rotating: false,
    rotate_interval: 300,
    plan_ip_class: 4,
    label: null,
    pending: { rotation: false, interval: false, label: false },
    ...overrides,
  };
}

function plan(id: number, name: string, proxies: ProxyView[]): PlanView {
  return {
    id,
    name,
    creation_date: '2025-01-01T00:00:00Z',
    expire_date: '2026-01-01T00:00:00Z',
    is_blocked: false,
    proxy_limit: 10,
    proxies,
  };
}

const plans = [
  plan(100, 'Residential US 50', [
    proxy(1, { label: 'Office Berlin' }),
    proxy(2, { username: 'alice' }),
  ]),
  plan(101, 'Datacenter DE 10', [proxy(3), proxy(4, { label: 'Scraper' })]),
];
const index = buildSearchIndex(plans);
const ids = (query: string) =>
  filterPlans(index, query)
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

  it('hides plans without a match, with no proxies, but keeps one entry per plan', () => {
    expect(ids('nothing like this')).toEqual([]);
    const groups = filterPlans(index, 'berlin');
    expect(groups.map((group) => [group.plan.id, group.shown, group.proxies.length])).toEqual([
      [100, true, 1],
      [101, false, 0],
    ]);
  });

  it('shows an empty plan when nothing is searched', () => {
    const empty = buildSearchIndex([plan(102, 'Empty', [])]);
    expect(filterPlans(empty, '').map((group) => group.shown)).toEqual([true]);
    expect(filterPlans(empty, 'x').map((group) => group.shown)).toEqual([false]);
  });

  it('filters 10,000 proxies and counts them', () => {
    const many = Array.from({ length: 100 }, (_, p) =>
      plan(
        1000 + p,
        `Plan ${p}`,
        Array.from({ length: 100 }, (_, i) => proxy(p * 100 + i)),
      ),
    );
    const big = buildSearchIndex(many);
    expect(countProxies(filterPlans(big, ''))).toBe(10_000);
    expect(countProxies(filterPlans(big, 'user9999'))).toBe(1);
    expect(countProxies(filterPlans(big, 'plan 42'))).toBe(100);
  });
});

describe('matchSummary', () => {
  it('counts proxies, in the singular for one', () => {
    expect(matchSummary(12, '')).toBe('12 proxies');
    expect(matchSummary(1, 'berlin')).toBe('1 proxy');
    expect(matchSummary(0, '')).toBe('0 proxies');
  });

  it('names the search that matched nothing', () => {
    expect(matchSummary(0, ' zzz ')).toBe('No proxies match “zzz”');
  });
});

describe('allPlans', () => {
  it('shows every plan whole, like an empty search', () => {
    expect(allPlans(plans)).toEqual(filterPlans(index, ''));
  });
});
