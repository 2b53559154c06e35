import type { PlanView, ProxyView } from '../../../shared/ipc/plans-view';
import { sameItems } from './same-items';

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

/** Label, ip:port and username on separate lines, so a match never spans two fields. */
export function searchKeyOf(proxy: ProxyView): string {
  return `${proxy.label ?? ''}\n${proxy.ip}:${proxy.port}\n${proxy.username}`.toLowerCase();
}

export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
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
  /** Each plan's matches for the last search it was filtered by. */
  readonly #filtered = new WeakMap<PlanView, { needle: string; matches: PlanMatches }>();

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
   * What each plan shows for a search: with an empty search, everything; otherwise a plan whose
   * name matches shows all its proxies, another plan only its matching proxies, and a plan with
   * neither is not shown.
   */
  filterPlans(plans: readonly PlanView[], query: string): PlanMatches[] {
    const needle = normaliseQuery(query);
    if (!needle) return this.allPlans(plans);
    return plans.map((plan) => {
      const last = this.#filtered.get(plan);
      if (last?.needle === needle) return last.matches;
      const matches = this.#match(plan, needle, last?.matches);
      this.#filtered.set(plan, { needle, matches });
      return matches;
    });
  }

  #match(plan: PlanView, needle: string, last: PlanMatches | undefined): PlanMatches {
    const { nameKey, keys } = this.indexOf(plan);
    if (nameKey.includes(needle)) return this.#wholeOf(plan);
    const proxies: ProxyView[] = [];
    for (let i = 0; i < keys.length; i += 1) {
      if ((keys[i] as string).includes(needle)) proxies.push(plan.proxies[i] as ProxyView);
    }
    if (proxies.length === 0) return this.#hiddenOf(plan);
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
