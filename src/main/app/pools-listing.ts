import { proxyTitle } from '../../shared/ipc/proxy-title';
import { sharedAddressesOf } from '../../shared/ipc/shared-addresses';
import type { FavoritesStore } from '../favorites/favorites-store';
import type { PlansService } from '../plans/plans-service';
import type { PoolsListing } from '../pool/pool-ports-service';
import type { ProxyCheckService } from '../proxy-check/proxy-check-service';
import type { SettingsStore } from '../settings/settings-store';

/**
 * The active account's listing as pools draw on it: the plans service's listing, the pinned
 * proxies, and the checks' latest results (a latency for `fastest`, a failure for `is:failing`),
 * read once per listing and only when asked for. Null when signed out or not listed yet.
 */
export function poolsListingOf(services: {
  plans: PlansService;
  favorites: Pick<FavoritesStore, 'forAccount'>;
  checks: Pick<ProxyCheckService, 'view'>;
  settings: Pick<SettingsStore, 'get'>;
}): PoolsListing | null {
  const { plans, favorites, checks, settings } = services;
  const snapshot = plans.snapshot();
  const { accountId } = snapshot;
  if (accountId === null || snapshot.plans === null) return null;
  let latest: { latency: Map<number, number>; failing: Set<number> } | null = null;
  const results = () => {
    if (latest) return latest;
    latest = { latency: new Map(), failing: new Set() };
    for (const { proxyId, last } of checks.view().entries) {
      if (last?.ok) latest.latency.set(proxyId, last.totalMs);
      else if (last) latest.failing.add(proxyId);
    }
    return latest;
  };
  return {
    accountId,
    plans: snapshot.plans,
    pinned: favorites.forAccount(accountId).pinned,
    facts: {
      now: Date.now(),
      warnDays: settings.get().alertWarningDays,
      get failing() {
        return results().failing;
      },
    },
    entry: (proxyId) => {
      const { ip, port, username, password } = plans.proxy(proxyId);
      return { host: ip, port, username, password };
    },
    latencyMs: (proxyId) => results().latency.get(proxyId) ?? null,
    titleOf: (proxyId) => {
      const listed = plans.listed(proxyId);
      return listed ? proxyTitle(listed.proxy, sharedAddressesOf(listed.plan)) : `Proxy ${proxyId}`;
    },
  };
}
