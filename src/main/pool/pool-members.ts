import type { PoolSource } from '../../shared/views/pool-port-view';
import type { PlanView, ProxyView } from '../../shared/views/plans-view';
import { matchingProxies } from '../../shared/search/matching-proxies';
import { planExpiry } from '../../shared/search/plan-expiry';
import type { StatusFacts } from '../../shared/search/status-filters';
import type { UpstreamEntry } from '../upstream/upstream-proxy';
import type { PoolMember } from './pool-member';

/** The active account's listing, as a pool's members are drawn from it. */
export interface PoolListing {
  readonly plans: readonly PlanView[];
  /** The account's pinned proxies. */
  readonly pinned: readonly number[];
  /** The clock and alert setting a search's filters use, and the failing proxies. */
  readonly facts: StatusFacts;
  /** Where a listed proxy leads, with its login (the password is held by the plans service). */
  entry(proxyId: number): UpstreamEntry;
  /** Its latest check's latency, when its last check worked. */
  latencyMs(proxyId: number): number | null;
}

/**
 * The members of a pool now: the plan's proxies, those the search finds (live: a proxy that comes
 * to match joins, one that no longer does leaves, as a plan's pool follows its plan), or the
 * pinned ones still listed — in listing order, each once. Proxies of blocked or expired plans are
 * left out: they would only be benched.
 */
export function poolMembersOf(source: PoolSource, listing: PoolListing): PoolMember[] {
  const usable = listing.plans.filter(
    (plan) => !plan.is_blocked && planExpiry(plan.expire_date, listing.facts.now, 0) !== 'expired',
  );
  let proxies: ProxyView[];
  switch (source.kind) {
    case 'plan':
      proxies = usable.find((plan) => plan.id === source.planId)?.proxies ?? [];
      break;
    case 'search': {
      const { planId } = source;
      const plans = planId === undefined ? usable : usable.filter((plan) => plan.id === planId);
      proxies = matchingProxies(plans, source.query, listing.facts).map((found) => found.proxy);
      break;
    }
    case 'pinned': {
      const pinned = new Set(listing.pinned);
      proxies = usable.flatMap((plan) => plan.proxies.filter((proxy) => pinned.has(proxy.id)));
      break;
    }
  }
  return proxies.map((proxy) => ({
    id: proxy.id,
    entry: listing.entry(proxy.id),
    latencyMs: listing.latencyMs(proxy.id),
  }));
}
