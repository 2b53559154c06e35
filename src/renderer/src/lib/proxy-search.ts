import type { PlanView, ProxyView } from '../../../shared/ipc/plans-view';
import { sameItems } from './same-items';
import { isEmptyQuery, parseSearchQuery, type SearchQuery } from './search-query';
import { planPasses, proxyFilterOf, type ProxyFilter, type StatusFacts } from './status-filters';

/** A plan with the lower-case text each of its proxies is searched by. */
export interface SearchablePlan {
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

/** For a query without status filters, which reads none of these. */
const NO_FACTS: StatusFacts = { now: 0, warnDays: 0, failing: new Set() };

/**
 * Label, ip:port, username and the assigned exit IPs on separate lines, so a match never spans two
 * fields.
 */
export function searchKeyOf(proxy: ProxyView): string {
  const exitIps = `${proxy.assigned_proxy_ipv4 ?? ''}\n${proxy.assigned_proxy_ipv6 ?? ''}`;
  return `${proxy.label ?? ''}\n${proxy.ip}:${proxy.port}\n${proxy.username}\n${exitIps}`.toLowerCase();
}

/**
 * The search over a listing, worked out once per plan object. A plan view never changes in place
 * (a patch brings a new one), so what was worked out for it stays true while it is held: a patch
 * costs its own plan's index and matches, and every other plan keeps its `PlanMatches`, the same
 * object, so its section sees nothing change.
 */
export class PlanSearch {
  readonly #index = new WeakMap<PlanView, SearchablePlan>();
  readonly #whole = new WeakMap<PlanView, PlanMatches>();
  readonly #hidden = new WeakMap<PlanView, PlanMatches>();
  /**
   * Each plan's matches for the last search it was filtered by: its text and per-proxy filters
   * (`key`), and the check results `is:failing` read.
   */
  readonly #filtered = new WeakMap<
    PlanView,
    { key: string; failing: ReadonlySet<number> | null; matches: PlanMatches }
  >();

  /** The plan's search text, built the first time it is asked for. */
  indexOf(plan: PlanView): SearchablePlan {
    return remembered(this.#index, plan, () => ({
      nameKey: plan.name.toLowerCase(),
      keys: plan.proxies.map(searchKeyOf),
    }));
  }

  /** What an empty search shows: every plan, whole. Needs no index. */
  allPlans(plans: readonly PlanView[]): PlanMatches[] {
    return plans.map((plan) => this.#wholeOf(plan));
  }

  /**
   * What each plan shows for a search: with an empty search, everything. Otherwise a plan must pass
   * the plan-level filters (blocked, expiring) to show anything; then a plan whose name matches the
   * text shows all its proxies, another plan only those whose key matches, and in both cases only
   * those that pass the per-proxy filters (rotating, static, failing). A plan left with none is not
   * shown. `query` is the box's text or the query read from it.
   */
  filterPlans(
    plans: readonly PlanView[],
    query: string | SearchQuery,
    facts: StatusFacts = NO_FACTS,
  ): PlanMatches[] {
    const parsed = typeof query === 'string' ? parseSearchQuery(query) : query;
    if (isEmptyQuery(parsed)) return this.allPlans(plans);
    const { needle, filters } = parsed;
    const proxyFilter = proxyFilterOf(filters, facts);
    const key = proxyFilter ? `${needle}\n${proxyFilter.key}` : needle;
    const failing = proxyFilter?.failing ?? null;
    return plans.map((plan) => {
      if (!planPasses(plan, filters, facts)) return this.#hiddenOf(plan);
      const last = this.#filtered.get(plan);
      if (last?.key === key && last.failing === failing) return last.matches;
      const matches = this.#match(plan, needle, proxyFilter, last?.matches);
      this.#filtered.set(plan, { key, failing, matches });
      return matches;
    });
  }

  #match(
    plan: PlanView,
    needle: string,
    proxyFilter: ProxyFilter | null,
    last: PlanMatches | undefined,
  ): PlanMatches {
    const all = plan.proxies;
    const byName = needle === '' || this.indexOf(plan).nameKey.includes(needle);
    if (byName && !proxyFilter) return this.#wholeOf(plan);
    const proxies: ProxyView[] = [];
    if (!proxyFilter) {
      // The keystroke's hot loop: one substring test per proxy.
      const { keys } = this.indexOf(plan);
      for (let i = 0; i < keys.length; i += 1) {
        if ((keys[i] as string).includes(needle)) proxies.push(all[i] as ProxyView);
      }
    } else {
      const { keys } = this.indexOf(plan);
      const { test } = proxyFilter;
      for (let i = 0; i < keys.length; i += 1) {
        const proxy = all[i] as ProxyView;
        if ((byName || (keys[i] as string).includes(needle)) && test(proxy)) proxies.push(proxy);
      }
    }
    if (proxies.length === 0) return this.#hiddenOf(plan);
    if (proxies.length === all.length) return this.#wholeOf(plan);
    // A longer search often leaves a plan's matches as they were: its section keeps its rows.
    if (last && sameItems(last.proxies, proxies)) return last;
    return { plan, proxies, shown: true };
  }

  #wholeOf(plan: PlanView): PlanMatches {
    return remembered(this.#whole, plan, () => ({ plan, proxies: plan.proxies, shown: true }));
  }

  #hiddenOf(plan: PlanView): PlanMatches {
    return remembered(this.#hidden, plan, () => ({ plan, proxies: NO_PROXIES, shown: false }));
  }
}

function remembered<Value>(memo: WeakMap<PlanView, Value>, plan: PlanView, make: () => Value) {
  let value = memo.get(plan);
  if (value === undefined) {
    value = make();
    memo.set(plan, value);
  }
  return value;
}

/** The proxy Enter in the search box copies: the first the search shows; undefined for none. */
export function firstMatch(groups: readonly PlanMatches[]): ProxyView | undefined {
  for (const group of groups) {
    if (group.shown && group.proxies.length > 0) return group.proxies[0];
  }
  return undefined;
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
