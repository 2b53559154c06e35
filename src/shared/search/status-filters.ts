import type { PlanView, ProxyView } from '../views/plans-view';
import { planExpiry } from './plan-expiry';
import type { StatusFilter } from './search-query';

/** What the status filters are decided by, besides the plans themselves. */
export interface StatusFacts {
  /** The time `is:expiring` compares expiry dates with (ms since the epoch). */
  readonly now: number;
  /** The alert setting: a plan ending within this many days is expiring, as its badge says. */
  readonly warnDays: number;
  /** The proxies whose last check failed. */
  readonly failing: ReadonlySet<number>;
}

/**
 * The per-proxy part of a query's filters. `key` names what the test depends on besides the proxy
 * and `failing` the check results it read, so that a search remembered for a plan is reused only
 * while both are the same.
 */
export interface ProxyFilter {
  readonly key: string;
  readonly failing: ReadonlySet<number> | null;
  readonly test: (proxy: ProxyView) => boolean;
}

const PLAN_FILTERS = new Set<StatusFilter>(['blocked', 'expiring']);

/**
 * Whether a plan passes the filters that depend on the plan alone: decided once for all its
 * proxies, so that these filters cost nothing per proxy.
 */
export function planPasses(
  plan: PlanView,
  filters: readonly StatusFilter[],
  facts: StatusFacts,
): boolean {
  for (const filter of filters) {
    if (filter === 'blocked' && !plan.is_blocked) return false;
    if (filter === 'expiring' && !planIsExpiring(plan, facts)) return false;
  }
  return true;
}

/** Expired, or ending within the warning days: the plans with an "Expired" or "Expires soon" badge. */
function planIsExpiring(plan: PlanView, facts: StatusFacts): boolean {
  return planExpiry(plan.expire_date, facts.now, facts.warnDays) !== null;
}

/** The test of the filters that depend on each proxy; null when the query has none. */
export function proxyFilterOf(
  filters: readonly StatusFilter[],
  facts: StatusFacts,
): ProxyFilter | null {
  const perProxy = filters.filter((filter) => !PLAN_FILTERS.has(filter));
  if (perProxy.length === 0) return null;
  const tests = perProxy.map((filter) => proxyTestOf(filter, facts.failing));
  return {
    key: perProxy.join(' '),
    failing: perProxy.includes('failing') ? facts.failing : null,
    test: tests.length === 1 ? (tests[0] as ProxyFilter['test']) : (p) => tests.every((t) => t(p)),
  };
}

function proxyTestOf(filter: StatusFilter, failing: ReadonlySet<number>): ProxyFilter['test'] {
  switch (filter) {
    // A proxy whose rotation the service did not give (null) is neither rotating nor static.
    case 'rotating':
      return (proxy) => proxy.is_rotating === true;
    case 'static':
      return (proxy) => proxy.is_rotating === false;
    case 'failing':
      return (proxy) => failing.has(proxy.id);
    default:
      return () => true;
  }
}
