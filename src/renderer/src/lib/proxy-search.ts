import type { PlanView, ProxyView } from '../../../shared/ipc/plans-view';

/** A plan with the lower-case text each of its proxies is searched by, built once per snapshot. */
export interface SearchablePlan {
  readonly plan: PlanView;
  readonly nameKey: string;
  /** `keys[i]` belongs to `plan.proxies[i]`. */
  readonly keys: readonly string[];
}

/**
 * A plan and those of its proxies that match the search (all of them when there is none). Every
 * plan gets one, `shown` or not, so the list keeps its sections mounted and only hides them:
 * mounting and unmounting a hundred sections per keystroke is what would make typing slow.
 */
export interface PlanMatches {
  readonly plan: PlanView;
  readonly proxies: readonly ProxyView[];
  readonly shown: boolean;
}

const NO_PROXIES: readonly ProxyView[] = [];

/** Label, ip:port and username on separate lines, so a match never spans two fields. */
export function searchKeyOf(proxy: ProxyView): string {
  return `${proxy.label ?? ''}\n${proxy.ip}:${proxy.port}\n${proxy.username}`.toLowerCase();
}

export function buildSearchIndex(plans: readonly PlanView[]): SearchablePlan[] {
  return plans.map((plan) => ({
    plan,
    nameKey: plan.name.toLowerCase(),
    keys: plan.proxies.map(searchKeyOf),
  }));
}

export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
}

/**
 * What each plan shows for a search: with an empty search, everything; otherwise a plan whose
 * name matches shows all its proxies, another plan only its matching proxies, and a plan with
 * neither is not shown.
 */
export function filterPlans(index: readonly SearchablePlan[], query: string): PlanMatches[] {
  const needle = normaliseQuery(query);
  return index.map(({ plan, nameKey, keys }) => {
    if (!needle || nameKey.includes(needle)) {
      return { plan, proxies: plan.proxies, shown: true };
    }
    const proxies: ProxyView[] = [];
    for (let i = 0; i < keys.length; i += 1) {
      if ((keys[i] as string).includes(needle)) proxies.push(plan.proxies[i] as ProxyView);
    }
    return proxies.length > 0
      ? { plan, proxies, shown: true }
      : { plan, proxies: NO_PROXIES, shown: false };
  });
}

/** What an empty search shows: every plan, whole. Needs no index. */
export function allPlans(plans: readonly PlanView[]): PlanMatches[] {
  return plans.map((plan) => ({ plan, proxies: plan.proxies, shown: true }));
}

export function countProxies(groups: readonly PlanMatches[]): number {
  let total = 0;
  for (const group of groups) total += group.proxies.length;
  return total;
}

/** The search's live-region text: "12 proxies", "1 proxy", or "No proxies match “…”". */
export function matchSummary(count: number, query: string): string {
  if (count === 0 && query.trim()) return `No proxies match “${query.trim()}”`;
  return `${count} ${count === 1 ? 'proxy' : 'proxies'}`;
}
