import type { PlanView, ProxyView } from '../views/plans-view';
import { searchKeyOf } from './search-key';
import { parseSearchQuery } from './search-query';
import { planPasses, proxyFilterOf, type StatusFacts } from './status-filters';

export interface MatchingProxy {
  readonly plan: PlanView;
  readonly proxy: ProxyView;
}

/**
 * The proxies a query finds, in listing order: the same as the popup's search shows, in the plain
 * form for a single answer (the popup's `PlanSearch` remembers results to keep typing fast). With
 * an empty query, every proxy. Otherwise a plan must pass the plan-level filters (blocked,
 * expiring); each word must be found in the plan's name or in the proxy's search key, so a plan
 * whose name has every word gives all its proxies; and a proxy must pass the per-proxy filters
 * (rotating, static, failing).
 */
export function matchingProxies(
  plans: readonly PlanView[],
  query: string,
  facts: StatusFacts,
): MatchingProxy[] {
  const { words, filters } = parseSearchQuery(query);
  const proxyTest = proxyFilterOf(filters, facts)?.test;
  const found: MatchingProxy[] = [];
  for (const plan of plans) {
    // An empty query needs no case of its own: no filter refuses and no word is wanted.
    if (!planPasses(plan, filters, facts)) continue;
    const nameKey = plan.name.toLowerCase();
    const wanted = words.filter((word) => !nameKey.includes(word));
    for (const proxy of plan.proxies) {
      const key = searchKeyOf(proxy);
      if (!wanted.every((word) => key.includes(word))) continue;
      if (proxyTest && !proxyTest(proxy)) continue;
      found.push({ plan, proxy });
    }
  }
  return found;
}
