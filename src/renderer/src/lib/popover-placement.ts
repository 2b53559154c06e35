/** Space kept between a popover and the edge of what clips it. */
export const POPOVER_EDGE = 8;

/** The least height a popover gets, scrolling inside if that is all there is room for. */
const MIN_HEIGHT = 120;

interface VerticalSpan {
  top: number;
  bottom: number;
}

/**
 * Below its anchor when the popover fits there, else on the side with more room, at most as tall
 * as that room (it scrolls inside). `bounds` is what clips it: the scrolled list, or the window.
 */
export function popoverPlacement(
  anchor: VerticalSpan,
  bounds: VerticalSpan,
  height: number,
): { upward: boolean; maxHeight: number } {
  const below = bounds.bottom - anchor.bottom - POPOVER_EDGE;
  const above = anchor.top - bounds.top - POPOVER_EDGE;
  const upward = height > below && above > below;
  return { upward, maxHeight: Math.max(MIN_HEIGHT, upward ? above : below) };
}

/** What clips an element inside the popup: its scrolled list when it is in one, else the window. */
export function clippingBounds(element: Element): VerticalSpan {
  return (
    element.closest('[data-menu-bounds]')?.getBoundingClientRect() ?? {
      top: 0,
      bottom: window.innerHeight,
    }
  );
}
