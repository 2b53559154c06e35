import { describe, expect, it } from 'vitest';
import { poolMembersOf, type PoolListing } from '../../../src/main/pool/pool-members';
import type { PlanView } from '../../../src/shared/views/plans-view';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';

const NOW = Date.parse('2025-06-01T00:00:00Z');

function listing(plans: PlanView[], pinned: number[] = []): PoolListing {
  return {
    plans,
    pinned,
    facts: { now: NOW, warnDays: 7, failing: new Set([12]) },
    entry: (id) => ({
      host: `10.0.0.${id}`,
      port: 8000 + id,
      username: `u${id}`,
      password: `p${id}`,
    }),
    latencyMs: (id) => (id === 11 ? 42 : null),
  };
}

const shop = planView(1, 'Shop', [
  proxyView(11, { label: 'shop-a' }),
  proxyView(12, { label: 'shop-b' }),
]);
const social = planView(2, 'Social', [proxyView(21, { label: 'shop-c' }), proxyView(22)]);
const blocked = {
  ...planView(3, 'Blocked', [proxyView(31, { label: 'shop-d' })]),
  is_blocked: true,
};
const expired = {
  ...planView(4, 'Old', [proxyView(41, { label: 'shop-e' })]),
  expire_date: '2025-05-31T23:59:59Z',
};
const all = listing([shop, social, blocked, expired], [22, 41, 11]);

describe("a pool's members", () => {
  it("of a plan: its proxies, with where each leads and its check's latency", () => {
    expect(poolMembersOf({ kind: 'plan', planId: 1 }, all)).toEqual([
      {
        id: 11,
        entry: { host: '10.0.0.11', port: 8011, username: 'u11', password: 'p11' },
        latencyMs: 42,
      },
      {
        id: 12,
        entry: { host: '10.0.0.12', port: 8012, username: 'u12', password: 'p12' },
        latencyMs: null,
      },
    ]);
  });

  it('of a search: what it finds across plans, blocked and expired plans left out', () => {
    const ids = (query: string) =>
      poolMembersOf({ kind: 'search', query }, all).map((member) => member.id);
    expect(ids('shop')).toEqual([11, 12, 21]);
    // The search's own filters apply, with the facts given (12's last check failed).
    expect(ids('shop is:failing')).toEqual([12]);
  });

  it('of a search in one plan: what it finds there only', () => {
    const ids = (planId: number) =>
      poolMembersOf({ kind: 'search', query: 'shop', planId }, all).map((member) => member.id);
    expect(ids(1)).toEqual([11, 12]);
    expect(ids(2)).toEqual([21]);
    // A blocked plan's proxies stay out, even searched in that plan alone.
    expect(ids(3)).toEqual([]);
  });

  it('of the pinned: those still listed, in listing order, expired plans left out', () => {
    expect(poolMembersOf({ kind: 'pinned' }, all).map((member) => member.id)).toEqual([11, 22]);
  });

  it('none of a blocked, expired or unknown plan', () => {
    for (const planId of [3, 4, 99]) {
      expect(poolMembersOf({ kind: 'plan', planId }, all)).toEqual([]);
    }
  });

  it('a plan without an end date is kept', () => {
    const open = { ...planView(5, 'Open', [proxyView(51)]), expire_date: null };
    expect(poolMembersOf({ kind: 'plan', planId: 5 }, listing([open]))).toHaveLength(1);
  });
});
