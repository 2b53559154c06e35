import { markAfterPaint } from './paint-marks';
import { rowFocus } from './row-focus.svelte';
import type { ScrollViewport } from './scroll-viewport.svelte';
import { search } from './search.svelte';

/**
 * Every change of the search, typed in the box or toggled by a status chip, goes through here:
 * new matches are read from the top, and the benchmarks time the change to its paint.
 */
export function changeSearchQuery(query: string, viewport: ScrollViewport): void {
  performance.mark('proxy-tray:filter-start');
  search.query = query;
  rowFocus.activeId = null;
  viewport.scrollTo(0);
  markAfterPaint('proxy-tray:filter-painted');
}
