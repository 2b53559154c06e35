import { describe, expect, it } from 'vitest';
import { poolsListingOf } from '../../../src/main/app/pools-listing';
import type { PlansService } from '../../../src/main/plans/plans-service';
import type { ProxyChecksView } from '../../../src/shared/views/check-view';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';

const plan = planView(1, 'Shop', [proxyView(11, { label: 'shop-a' }), proxyView(12)]);

function plansWith(accountId: string | null, listed: boolean): PlansService {
  const proxies = new Map(
    plan.proxies.map((proxy) => [proxy.id, { ...proxy, password: `pw-${proxy.id}` }]),
  );
  return {
    snapshot: () => ({ accountId, plans: listed ? [plan] : null }),
    proxy: (id: number) => proxies.get(id),
    listed: (id: number) => {
      const proxy = plan.proxies.find((candidate) => candidate.id === id);
      return proxy && { planId: plan.id, plan, proxy };
    },
  } as unknown as PlansService;
}

const checks = (entries: ProxyChecksView['entries']) => ({
  view: (): ProxyChecksView => ({ revision: 1, entries, run: null, lastRun: null }),
});

const services = (plans: PlansService, entries: ProxyChecksView['entries'] = []) => ({
  plans,
  favorites: { forAccount: () => ({ pinned: [12], recent: [] }) },
  checks: checks(entries),
  settings: { get: () => ({ alertWarningDays: 9 }) as never },
});

describe('the listing pools draw on', () => {
  it('is none while signed out or before the first listing', () => {
    expect(poolsListingOf(services(plansWith(null, true)))).toBeNull();
    expect(poolsListingOf(services(plansWith('acct', false)))).toBeNull();
  });

  it("is the account's plans, pinned proxies, logins and names", () => {
    const listing = poolsListingOf(services(plansWith('acct', true)));
    expect(listing?.accountId).toBe('acct');
    expect(listing?.plans).toEqual([plan]);
    expect(listing?.pinned).toEqual([12]);
    expect(listing?.facts.warnDays).toBe(9);
    expect(listing?.entry(11)).toEqual({
      host: plan.proxies[0]?.ip,
      port: plan.proxies[0]?.port,
      username: 'user11',
      password: 'pw-11',
    });
    expect(listing?.titleOf(11)).toBe('shop-a');
    expect(listing?.titleOf(99)).toBe('Proxy 99');
  });

  it("reads the checks' latest results: a latency where one worked, failing where one did not", () => {
    const ok = {
      ok: true as const,
      protocol: 'http' as const,
      exitIp: '198.51.100.1',
      exitIpMatches: 'ipv4' as const,
      connectMs: 12,
      totalMs: 87,
      checkedAt: '2025-01-01T00:00:00.000Z',
    };
    const failed = {
      ok: false as const,
      protocol: 'http' as const,
      reason: 'timeout' as const,
      message: 'The proxy did not answer in time.',
      checkedAt: '2025-01-01T00:00:00.000Z',
    };
    const listing = poolsListingOf(
      services(plansWith('acct', true), [
        { proxyId: 11, state: 'idle', last: ok },
        { proxyId: 12, state: 'idle', last: failed },
        { proxyId: 13, state: 'queued', last: null },
      ]),
    );
    expect(listing?.latencyMs(11)).toBe(87);
    expect(listing?.latencyMs(12)).toBeNull();
    expect([...(listing?.facts.failing ?? [])]).toEqual([12]);
  });
});
