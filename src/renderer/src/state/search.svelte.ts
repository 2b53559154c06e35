import type { PlanView } from '../../../shared/ipc/plans-view';
import {
  allPlans,
  buildSearchIndex,
  countProxies,
  filterPlans,
  normaliseQuery,
  type SearchablePlan,
} from '../lib/proxy-search';
import { plans } from './plans.svelte';

let indexedPlans: readonly PlanView[] | null = null;
let index: SearchablePlan[] = [];

/** The lower-case search index of a snapshot's plans, built once per snapshot. */
function indexOf(list: readonly PlanView[]): SearchablePlan[] {
  if (list !== indexedPlans) {
    index = buildSearchIndex(list);
    indexedPlans = list;
  }
  return index;
}

/**
 * The search and what it shows. Showing a new snapshot does not wait for its index: that is
 * built when the browser is idle, ready for the next keystroke, which then costs one substring
 * test per proxy.
 */
class Search {
  query = $state('');
  readonly active = $derived(normaliseQuery(this.query) !== '');
  readonly results = $derived.by(() => {
    const list = plans.snapshot?.plans ?? [];
    return this.active ? filterPlans(indexOf(list), this.query) : allPlans(list);
  });
  readonly matchCount = $derived(countProxies(this.results));

  constructor() {
    $effect.root(() => {
      $effect(() => {
        const list = plans.snapshot?.plans;
        if (!list) return;
        const idle = requestIdleCallback(() => indexOf(list), { timeout: 1000 });
        return () => cancelIdleCallback(idle);
      });
    });
  }
}

export const search = new Search();
