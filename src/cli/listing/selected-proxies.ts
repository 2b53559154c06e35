import { matchingProxies, type MatchingProxy } from '../../shared/search/matching-proxies';
import { parseSearchQuery } from '../../shared/search/search-query';
import type { StatusFacts } from '../../shared/search/status-filters';
import type { PlanView } from '../../shared/views/plans-view';
import type { AppConnection } from '../connection/app-connection';
import { planNamed } from './plan-reference';

export interface Selection {
  /** `--plan`: its id or name. */
  readonly plan?: string | undefined;
  /** `--search`: the popup's query. */
  readonly search?: string | undefined;
}

/**
 * The proxies `--plan` and `--search` leave, in the popup's order, found by the popup's own search
 * (src/shared/search): what a query shows in the popup is what it gives a script.
 */
export async function selectedProxies(
  app: AppConnection,
  plans: readonly PlanView[],
  selection: Selection,
): Promise<MatchingProxy[]> {
  const inPlans = selection.plan === undefined ? plans : [planNamed(plans, selection.plan)];
  return matchingProxies(inPlans, selection.search ?? '', await factsFor(app, selection.search));
}

/** What `is:expiring` and `is:failing` are decided by, asked of the app only when the query has them. */
async function factsFor(app: AppConnection, search: string | undefined): Promise<StatusFacts> {
  const filters = search === undefined ? [] : parseSearchQuery(search).filters;
  const warnDays = filters.includes('expiring')
    ? (await app.call('settings:get')).alertWarningDays
    : 0;
  const failing = new Set<number>();
  if (filters.includes('failing')) {
    for (const entry of (await app.call('checks:list')).entries) {
      if (entry.last && !entry.last.ok) failing.add(entry.proxyId);
    }
  }
  return { now: Date.now(), warnDays, failing };
}
