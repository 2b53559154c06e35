import { planLayout } from '../lib/plan-layout';
import { collapsedPlans } from './collapsed-plans.svelte';
import { listMetrics } from './list-metrics.svelte';
import { search } from './search.svelte';

/** The computed geometry of the plan list for what the search shows and which plans are folded. */
class PlanListLayout {
  readonly current = $derived(
    planLayout(
      search.results.map((group) => ({
        shown: group.shown,
        collapsed: collapsedPlans.has(group.plan.id),
        rows: group.proxies.length,
      })),
      listMetrics.current,
    ),
  );
}

export const planListLayout = new PlanListLayout();
