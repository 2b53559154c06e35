import { NARROW_METRICS, NARROW_QUERY, WIDE_METRICS, type LayoutMetrics } from '../lib/plan-layout';

/**
 * The list's fixed heights for the popup's width: the narrow ones at 200 % zoom and in a narrow
 * window, else the usual ones. Follows the width as it changes (a zoom, a resize).
 */
class ListMetrics {
  narrow = $state(false);

  constructor() {
    // Absent outside a browser (unit tests of state that imports this): the usual heights.
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(NARROW_QUERY);
    this.narrow = query.matches;
    query.addEventListener('change', (event) => (this.narrow = event.matches));
  }

  get current(): LayoutMetrics {
    return this.narrow ? NARROW_METRICS : WIDE_METRICS;
  }
}

export const listMetrics = new ListMetrics();
