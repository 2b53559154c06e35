/**
 * Where each plan's section and proxy list sit in the scrolled content, computed rather than
 * measured: every part has a fixed height (set from these same numbers), so a keystroke that
 * changes which rows match needs no layout read before the visible rows can be chosen.
 */
export const PLAN_HEADER_HEIGHT = 40;
export const ROW_HEIGHT = 42;
/** The "No proxies in this plan yet" line under an empty plan. */
export const EMPTY_PLAN_HEIGHT = 28;

/**
 * Narrower than this (a popup at 200 % zoom is 190 CSS px wide) a row puts its buttons on a line
 * of their own and a plan's details wrap: both get taller, still fixed, so nothing is measured.
 * The components' CSS uses the same width in `@media (max-width: 299px)`.
 */
export const NARROW_QUERY = '(max-width: 299px)';

/** The fixed heights of the list's parts, for one width class. */
export interface LayoutMetrics {
  readonly header: number;
  readonly row: number;
  readonly empty: number;
}

export const WIDE_METRICS: LayoutMetrics = {
  header: PLAN_HEADER_HEIGHT,
  row: ROW_HEIGHT,
  empty: EMPTY_PLAN_HEIGHT,
};

/**
 * Title; Copy, formats and More; user and chips. The plan's name on up to two lines (cut only
 * beyond them), then its badges and details.
 */
export const NARROW_METRICS: LayoutMetrics = { header: 104, row: 74, empty: 44 };

export interface PlanBlock {
  /** False for a plan the search hides entirely (its section is display: none). */
  readonly shown: boolean;
  readonly collapsed: boolean;
  /** Rows its list shows. */
  readonly rows: number;
}

export interface PlanLayout {
  /** Top of each plan's section; a hidden plan has the top of the next one. */
  readonly sectionTops: readonly number[];
  /** Top of each plan's first row. */
  readonly listTops: readonly number[];
  readonly height: number;
}

export function planLayout(
  blocks: readonly PlanBlock[],
  metrics: LayoutMetrics = WIDE_METRICS,
): PlanLayout {
  const sectionTops: number[] = [];
  const listTops: number[] = [];
  let top = 0;
  for (const block of blocks) {
    sectionTops.push(top);
    listTops.push(top + metrics.header);
    if (!block.shown) continue;
    top += metrics.header;
    if (block.collapsed) continue;
    top += block.rows > 0 ? block.rows * metrics.row : metrics.empty;
  }
  return { sectionTops, listTops, height: top };
}
