import { createContext, tick } from 'svelte';
import { neighbourRow, type RowMove } from '../lib/row-order';
import { scrollTopToReveal } from '../lib/virtual-window';
import { collapsedPlans } from './collapsed-plans.svelte';
import { listMetrics } from './list-metrics.svelte';
import { navigation } from './navigation.svelte';
import { planListLayout } from './plan-layout.svelte';
import { rowFocus } from './row-focus.svelte';
import type { ScrollViewport } from './scroll-viewport.svelte';
import { search } from './search.svelte';

/**
 * Arrow-key movement between proxy rows across every shown plan. The target row may not be in
 * the DOM yet (the list is virtual): scroll it into view first, then focus it once rendered.
 */
export class RowNavigator {
  readonly #viewport: ScrollViewport;

  constructor(viewport: ScrollViewport) {
    this.#viewport = viewport;
  }

  async move(from: number | null, move: RowMove): Promise<void> {
    const groups = search.results.map((group) =>
      collapsedPlans.has(group.plan.id) ? [] : group.proxies,
    );
    const target = neighbourRow(groups, from, move);
    if (!target) {
      if (move === 'previous') navigation.focusSearch();
      return;
    }
    const layout = planListLayout.current;
    const rowHeight = listMetrics.current.row;
    const rowTop = (layout.listTops[target.group] ?? 0) + target.row * rowHeight;
    // The first row brings its plan's heading along, so the user sees which plan they entered.
    const itemTop = target.row === 0 ? (layout.sectionTops[target.group] ?? rowTop) : rowTop;
    this.#viewport.scrollTo(
      scrollTopToReveal({
        scrollTop: this.#viewport.scrollTop,
        viewportHeight: this.#viewport.height,
        itemTop,
        itemHeight: rowTop + rowHeight - itemTop,
      }),
    );
    rowFocus.activeId = target.id;
    await tick();
    this.#viewport.element
      ?.querySelector<HTMLElement>(`[data-proxy-id="${target.id}"]`)
      ?.focus({ preventScroll: true });
  }
}

export const [getRowNavigator, setRowNavigator] = createContext<RowNavigator>();
