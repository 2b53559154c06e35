import type { PlanView } from '../../../shared/views/plans-view';
import { byLatency } from '../lib/latency-order';
import { countProxies, firstMatch, PlanSearch, type PlanMatches } from '../lib/proxy-search';
import {
  isEmptyQuery,
  parseSearchQuery,
  type SearchQuery,
} from '../../../shared/search/search-query';
import type { StatusFacts } from '../../../shared/search/status-filters';
import { checks } from './checks.svelte';
import { clock } from './clock.svelte';
import { latencySortedPlans } from './latency-sorted-plans.svelte';
import { plans } from './plans.svelte';
import { settings } from './settings.svelte';

const NO_PLANS: readonly PlanView[] = [];
const NOBODY_FAILING: ReadonlySet<number> = new Set();
/** The alert setting's default, until the settings have loaded. */
const DEFAULT_WARN_DAYS = 3;

/**
 * The search and what it shows. Showing new plans does not wait for their index: that is built
 * when the browser is idle, ready for the next keystroke, which then costs a substring test per
 * word and proxy. A patch of one plan re-indexes and re-filters that plan alone (see PlanSearch).
 */
class Search {
  query = $state('');
  readonly parsed: SearchQuery = $derived(parseSearchQuery(this.query));
  /** The words searched for, lower case, without the `is:` words: what a match highlights. */
  readonly words = $derived(this.parsed.words);
  readonly active = $derived(!isEmptyQuery(this.parsed));
  readonly #planSearch = new PlanSearch();
  /** The plans alone: a patch of the status only keeps the same array, and leaves the results be. */
  readonly #plans = $derived(plans.snapshot?.plans ?? NO_PLANS);
  readonly #filtered = $derived(
    this.#planSearch.filterPlans(this.#plans, this.parsed, this.#factsFor(this.parsed)),
  );
  /** What the list shows, in the order the user asked for each plan (see latencySortedPlans). */
  readonly results = $derived(this.#inChosenOrder(this.#filtered));
  readonly matchCount = $derived(countProxies(this.results));
  /** What Enter in the search box copies. */
  readonly firstMatch = $derived(firstMatch(this.results));

  constructor() {
    $effect.root(() => {
      $effect(() => {
        const list = this.#plans;
        const idle = requestIdleCallback(
          () => {
            for (const plan of list) this.#planSearch.indexOf(plan);
          },
          { timeout: 1000 },
        );
        return () => cancelIdleCallback(idle);
      });
    });
  }

  /**
   * A plan sorted by latency gets its rows fastest first (by their last check, redone as results
   * come in); every other plan keeps its matches as they were, the same object.
   */
  #inChosenOrder(groups: readonly PlanMatches[]): readonly PlanMatches[] {
    if (!latencySortedPlans.any) return groups;
    return groups.map((group) =>
      group.shown && latencySortedPlans.has(group.plan.id)
        ? { ...group, proxies: byLatency(group.proxies, (id) => checks.entry(id)) }
        : group,
    );
  }

  /**
   * Reads only what the query's filters need, so that the clock's tick and check results redo the
   * search only while `is:expiring` or `is:failing` is in it.
   */
  #factsFor({ filters }: SearchQuery): StatusFacts {
    const expiring = filters.includes('expiring');
    return {
      now: expiring ? clock.now : 0,
      warnDays: expiring ? (settings.view?.alertWarningDays ?? DEFAULT_WARN_DAYS) : 0,
      failing: filters.includes('failing') ? checks.failing : NOBODY_FAILING,
    };
  }
}

export const search = new Search();
