export interface WindowInput {
  /** The scroll container's scrollTop and visible height. */
  readonly scrollTop: number;
  readonly viewportHeight: number;
  /** Where the list starts inside the scrolled content; NaN until it has been measured. */
  readonly listTop: number;
  readonly rowHeight: number;
  readonly count: number;
  /** Rows kept in the DOM beyond each visible edge, so fast scrolling shows no gaps. */
  readonly overscan: number;
}

/** The rows of a list to put in the DOM: [start, end). Empty when the list is out of view. */
export function visibleRange(input: WindowInput): { start: number; end: number } {
  const { scrollTop, viewportHeight, listTop, rowHeight, count, overscan } = input;
  if (!Number.isFinite(listTop) || count === 0 || viewportHeight <= 0 || rowHeight <= 0) {
    return { start: 0, end: 0 };
  }
  const top = scrollTop - listTop;
  const first = Math.floor(top / rowHeight) - overscan;
  const last = Math.ceil((top + viewportHeight) / rowHeight) + overscan;
  const start = Math.min(count, Math.max(0, first));
  const end = Math.min(count, Math.max(0, last));
  return start < end ? { start, end } : { start: 0, end: 0 };
}

/** The scrollTop that brings an item fully into view, moving as little as possible. */
export function scrollTopToReveal(input: {
  readonly scrollTop: number;
  readonly viewportHeight: number;
  readonly itemTop: number;
  readonly itemHeight: number;
}): number {
  const { scrollTop, viewportHeight, itemTop, itemHeight } = input;
  if (itemTop < scrollTop) return itemTop;
  const itemBottom = itemTop + itemHeight;
  if (itemBottom > scrollTop + viewportHeight) {
    return Math.max(0, Math.min(itemTop, itemBottom - viewportHeight));
  }
  return scrollTop;
}
