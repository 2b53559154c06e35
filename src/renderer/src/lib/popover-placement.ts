/** Space kept between a popover and the window's edge. */
export const POPOVER_EDGE = 8;

/** Space between a popover and what it belongs to. */
export const POPOVER_GAP = 4;

/** The least height a popover gets, scrolling inside if that is all there is room for. */
const MIN_HEIGHT = 120;

export interface AnchorRect {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

export interface PopoverBox {
  readonly top: number;
  readonly left: number;
  readonly maxHeight: number;
  readonly upward: boolean;
}

/**
 * Where a popover goes in the window: below what it belongs to when it fits there, else on the
 * side with more room, at most as tall as that room (it scrolls inside), so it never covers its
 * anchor (a proxy's row, a button). Right-aligned with the anchor, moved in to stay in the window.
 */
export function popoverBox(
  anchor: AnchorRect,
  size: { readonly width: number; readonly height: number },
  window: { readonly width: number; readonly height: number },
): PopoverBox {
  const below = window.height - anchor.bottom - POPOVER_GAP - POPOVER_EDGE;
  const above = anchor.top - POPOVER_GAP - POPOVER_EDGE;
  const upward = size.height > below && above > below;
  // Squeezed on both sides (a tiny window): a few items still show, over the anchor if need be.
  // Whole pixels: a fractional height lets Chromium's whole-pixel scrolling stop short of the
  // last item, which then stays cut by a fraction of a pixel.
  const maxHeight = Math.floor(
    Math.max(upward ? above : below, Math.min(MIN_HEIGHT, window.height - 2 * POPOVER_EDGE)),
  );
  const height = Math.min(size.height, maxHeight);
  const top = upward ? anchor.top - POPOVER_GAP - height : anchor.bottom + POPOVER_GAP;
  return {
    top: clamp(top, POPOVER_EDGE, window.height - POPOVER_EDGE - height),
    left: clamp(anchor.right - size.width, POPOVER_EDGE, window.width - POPOVER_EDGE - size.width),
    maxHeight,
    upward,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * Shows a `popover` element in the top layer beside its anchor, and keeps it there while it is
 * open: in the top layer no scrolled list, transformed row or sticky header clips it, and each
 * frame it follows its anchor wherever the list's scrolling or a section opening above moved it
 * (one layout read a frame, only while a popover is open). Returns the function that stops it.
 */
export function showPopoverBeside(popover: HTMLElement, anchor: Element): () => void {
  if (!popover.matches(':popover-open')) popover.showPopover();
  let placedFor = '';
  let frame = 0;
  const place = () => {
    const rect = anchor.getBoundingClientRect();
    const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
    const key = [
      rect.top,
      rect.bottom,
      rect.right,
      viewport.width,
      viewport.height,
      popover.scrollHeight,
    ].join();
    if (key !== placedFor) {
      placedFor = key;
      // Measured at the left edge: placed further right, its width would shrink to what is left.
      popover.style.left = '0px';
      const box = popoverBox(
        rect,
        { width: popover.offsetWidth, height: popover.scrollHeight },
        viewport,
      );
      popover.style.top = `${box.top}px`;
      popover.style.left = `${box.left}px`;
      popover.style.maxHeight = `${box.maxHeight}px`;
      popover.dataset['upward'] = String(box.upward);
    }
    frame = requestAnimationFrame(place);
  };
  place();
  return () => cancelAnimationFrame(frame);
}
