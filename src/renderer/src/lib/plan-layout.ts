/**
 * Where each plan's section and proxy list sit in the scrolled content, computed rather than
 * measured: every part has a fixed height (set from these same numbers), so a keystroke that
 * changes which rows match needs no layout read before the visible rows can be chosen.
 */
export const PLAN_HEADER_HEIGHT = 40;
export const ROW_HEIGHT = 42;
/** The "No proxies in this plan yet" line under an empty plan. */
export const EMPTY_PLAN_HEIGHT = 28;

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

export function planLayout(blocks: readonly PlanBlock[]): PlanLayout {
  const sectionTops: number[] = [];
  const listTops: number[] = [];
  let top = 0;
  for (const block of blocks) {
    sectionTops.push(top);
    listTops.push(top + PLAN_HEADER_HEIGHT);
    if (!block.shown) continue;
    top += PLAN_HEADER_HEIGHT;
    if (block.collapsed) continue;
    top += block.rows > 0 ? block.rows * ROW_HEIGHT : EMPTY_PLAN_HEIGHT;
  }
  return { sectionTops, listTops, height: top };
}
