import type { PlanView } from '../../../shared/ipc/plans-view';
import { countProxies, normaliseQuery, PlanSearch } from '../lib/proxy-search';
import { plans } from './plans.svelte';

const NO_PLANS: readonly PlanView[] = [];

/**
 * The search and what it shows. Showing new plans does not wait for their index: that is built
 * when the browser is idle, ready for the next keystroke, which then costs one substring test per
 * proxy. A patch of one plan re-indexes and re-filters that plan alone (see PlanSearch).
 */
class Search {
  query = $state('');
  readonly active = $derived(normaliseQuery(this.query) !== '');
  readonly #planSearch = new PlanSearch();
  /** The plans alone: a patch of the status only keeps the same array, and leaves the results be. */
  readonly #plans = $derived(plans.snapshot?.plans ?? NO_PLANS);
  readonly results = $derived(this.#planSearch.filterPlans(this.#plans, this.query));
  readonly matchCount = $derived(countProxies(this.results));

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
}

export const search = new Search();
