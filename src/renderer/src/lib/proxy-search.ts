import type { PlanView, ProxyView } from '../../../shared/views/plans-view';
import { RecentResults, type KeptResult } from './recent-results';
import { sameItems } from './same-items';
import { searchKeyOf } from '../../../shared/search/search-key';
import {
  isEmptyQuery,
  parseSearchQuery,
  type SearchQuery,
} from '../../../shared/search/search-query';
import {
  planPasses,
  proxyFilterOf,
  type ProxyFilter,
  type StatusFacts,
} from '../../../shared/search/status-filters';

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
 * The search over a listing, worked out once per plan object. A plan view never changes in place
 * (a patch brings a new one), so what was worked out for it stays true while it is held: a patch
 * costs its own plan's index and matches, and every other plan keeps its `PlanMatches`, the same
 * object, so its section sees nothing change.
 */
export class PlanSearch {
  readonly #index = new WeakMap<PlanView, SearchablePlan>();
  readonly #whole = new WeakMap<PlanView, PlanMatches>();
  readonly #hidden = new WeakMap<PlanView, PlanMatches>();
  /** Each plan's last few results, for Backspace and for narrowing (see RecentResults). */
  readonly #recent = new WeakMap<PlanView, RecentResults<PlanMatches>>();
  /** The last list of matches handed out (see #unchanged). */
  #last: readonly PlanMatches[] = [];

  /** The plan's search text, built the first time it is asked for. */
  indexOf(plan: PlanView): SearchablePlan {
    return remembered(this.#index, plan, () => ({
      nameKey: plan.name.toLowerCase(),
      keys: plan.proxies.map(searchKeyOf),
    }));
  }

  /** What an empty search shows: every plan, whole. Needs no index. */
  allPlans(plans: readonly PlanView[]): readonly PlanMatches[] {
    return this.#unchanged(plans.map((plan) => this.#wholeOf(plan)));
  }

  /**
   * What each plan shows for a search: with an empty search, everything. Otherwise a plan must pass
   * the plan-level filters (blocked, expiring) to show anything; then each word must be found in
   * the plan's name or in the proxy's key ("mobile 10": a Mobile plan's proxies with 10 in their
   * address), so a plan whose name has every word shows all its proxies, and only those that pass
   * the per-proxy filters (rotating, static, failing) are shown. A plan left with none is not
   * shown. `query` is the box's text or the query read from it.
   */
  filterPlans(
    plans: readonly PlanView[],
    query: string | SearchQuery,
    facts: StatusFacts = NO_FACTS,
  ): readonly PlanMatches[] {
    const parsed = typeof query === 'string' ? parseSearchQuery(query) : query;
    if (isEmptyQuery(parsed)) return this.allPlans(plans);
    const { needle, words, filters } = parsed;
    const proxyFilter = proxyFilterOf(filters, facts);
    const filterKey = proxyFilter?.key ?? '';
    const failing = proxyFilter?.failing ?? null;
    const groups = plans.map((plan) => {
      if (!planPasses(plan, filters, facts)) return this.#hiddenOf(plan);
      const recent = remembered(this.#recent, plan, () => new RecentResults<PlanMatches>());
      const result =
        recent.same(needle, filterKey, failing) ??
        this.#match(plan, { needle, words, filterKey, failing }, proxyFilter, recent);
      recent.keep(result);
      return result.matches;
    });
    return this.#unchanged(groups);
  }

  /**
   * The last list again when every plan's matches are the same objects as in it: most keystrokes
   * change no plan's matches (while every proxy still matches, or none does), and then the list,
   * its layout and its counts have nothing to redo.
   */
  #unchanged(groups: readonly PlanMatches[]): readonly PlanMatches[] {
    if (!sameItems(groups, this.#last)) this.#last = groups;
    return this.#last;
  }

  #match(
    plan: PlanView,
    search: Pick<KeptResult<PlanMatches>, 'needle' | 'words' | 'filterKey' | 'failing'>,
    proxyFilter: ProxyFilter | null,
    recent: RecentResults<PlanMatches>,
  ): KeptResult<PlanMatches> {
    const all = plan.proxies;
    const { nameKey } = this.indexOf(plan);
    // The words the plan's name has are found for every proxy of the plan: the rest are tested.
    const wanted = search.words.filter((word) => !nameKey.includes(word));
    if (wanted.length === 0 && !proxyFilter) {
      return { ...search, matches: this.#wholeOf(plan), positions: null };
    }
    const { keys } = this.indexOf(plan);
    const test = proxyFilter?.test;
    // Only the matches of a search this one narrows can match: a keystroke re-tests those alone.
    const candidates = recent.narrowed(search.words, search.filterKey, search.failing)?.positions;
    const positions: number[] = [];
    // The keystroke's hot loop: one substring test per word and candidate (all proxies when none
    // is kept); a proxy stops being tested at its first missing word.
    const count = candidates ? candidates.length : keys.length;
    for (let c = 0; c < count; c += 1) {
      const i = candidates ? (candidates[c] as number) : c;
      if (!hasEvery(keys[i] as string, wanted)) continue;
      if (!test || test(all[i] as ProxyView)) positions.push(i);
    }
    if (positions.length === 0) return { ...search, matches: this.#hiddenOf(plan), positions };
    if (positions.length === all.length) {
      return { ...search, matches: this.#wholeOf(plan), positions: null };
    }
    const proxies = positions.map((i) => all[i] as ProxyView);
    // A longer search often leaves a plan's matches as they were: its section keeps its rows.
    const last = recent.newest()?.matches;
    const matches =
      last && sameItems(last.proxies, proxies) ? last : { plan, proxies, shown: true };
    return { ...search, matches, positions };
  }

  #wholeOf(plan: PlanView): PlanMatches {
    return remembered(this.#whole, plan, () => ({ plan, proxies: plan.proxies, shown: true }));
  }

  #hiddenOf(plan: PlanView): PlanMatches {
    return remembered(this.#hidden, plan, () => ({ plan, proxies: NO_PROXIES, shown: false }));
  }
}

function hasEvery(key: string, words: readonly string[]): boolean {
  for (const word of words) if (!key.includes(word)) return false;
  return true;
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

/** The search's live-region text: "12 proxies", "1 proxy", or "No proxy matches “…”". */
export function matchSummary(count: number, query: string): string {
  if (count === 0 && query.trim()) return noMatchText(query);
  return `${count} ${count === 1 ? 'proxy' : 'proxies'}`;
}

/** What an empty result says: the query in full, as typed (trimmed), so the user sees why. */
export function noMatchText(query: string): string {
  return `No proxy matches “${query.trim()}”`;
}
