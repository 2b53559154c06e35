import { describe, expect, it } from 'vitest';
import {
  POPOVER_EDGE,
  POPOVER_GAP,
  popoverBox,
} from '../../../src/renderer/src/lib/popover-placement';

const window = { width: 380, height: 560 };
const row = (top: number, bottom: number) => ({ top, bottom, left: 0, right: 370 });

describe('popoverBox', () => {
  it('opens below its anchor when it fits there, right-aligned with it', () => {
    expect(popoverBox(row(100, 142), { width: 220, height: 200 }, window)).toEqual({
      top: 142 + POPOVER_GAP,
      left: 370 - 220,
      maxHeight: 560 - 142 - POPOVER_GAP - POPOVER_EDGE,
      upward: false,
    });
  });

  it('opens above when it does not fit below and there is more room above, ending at the row', () => {
    const box = popoverBox(row(400, 442), { width: 220, height: 300 }, window);
    expect(box.upward).toBe(true);
    expect(box.maxHeight).toBe(400 - POPOVER_GAP - POPOVER_EDGE);
    expect(box.top + 300).toBe(400 - POPOVER_GAP);
  });

  it('a 12-item menu taller than either side scrolls inside the larger one, off its row', () => {
    const box = popoverBox(row(300, 342), { width: 220, height: 12 * 30 + 8 }, window);
    expect(box.upward).toBe(true);
    expect(box.top).toBe(POPOVER_EDGE);
    expect(box.top + box.maxHeight).toBe(300 - POPOVER_GAP);
  });

  it('stays below, scrolling, when above has even less room', () => {
    const box = popoverBox(row(150, 192), { width: 220, height: 900 }, window);
    expect(box.upward).toBe(false);
    expect(box.top).toBe(192 + POPOVER_GAP);
    expect(box.maxHeight).toBe(560 - 192 - POPOVER_GAP - POPOVER_EDGE);
  });

  it('moves in from the window’s left edge when its anchor is narrower than it', () => {
    const narrow = { width: 190, height: 280 };
    const box = popoverBox(
      { top: 40, bottom: 68, left: 140, right: 168 },
      { width: 174, height: 100 },
      narrow,
    );
    expect(box.left).toBe(POPOVER_EDGE);
    expect(box.left + 174).toBeLessThanOrEqual(190 - POPOVER_EDGE);
  });

  it('keeps a few items even squeezed on both sides, inside the window', () => {
    const tiny = { width: 190, height: 200 };
    const box = popoverBox(
      { top: 60, bottom: 150, left: 0, right: 180 },
      { width: 170, height: 300 },
      tiny,
    );
    expect(box.maxHeight).toBe(120);
    expect(box.top).toBeGreaterThanOrEqual(POPOVER_EDGE);
    expect(box.top + box.maxHeight).toBeLessThanOrEqual(200 - POPOVER_EDGE);
  });

  it('is a whole number of pixels tall beside a row at a fractional offset, never over it', () => {
    // A fractional height lets whole-pixel scrolling stop short of the last item (200 % zoom).
    const box = popoverBox(row(400.77, 442.77), { width: 220, height: 500 }, window);
    expect(box.upward).toBe(true);
    expect(box.maxHeight).toBe(388);
    expect(box.top + box.maxHeight).toBeLessThanOrEqual(400.77 - POPOVER_GAP);
  });
});
