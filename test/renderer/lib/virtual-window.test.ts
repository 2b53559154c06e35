import { describe, expect, it } from 'vitest';
import { scrollTopToReveal, visibleRange } from '../../../src/renderer/src/lib/virtual-window';

const base = { rowHeight: 50, viewportHeight: 200, overscan: 2, count: 10_000 };

describe('visibleRange', () => {
  it('takes the rows in view plus the overscan at a list at the top', () => {
    expect(visibleRange({ ...base, scrollTop: 0, listTop: 0 })).toEqual({ start: 0, end: 6 });
  });

  it('follows the scroll position', () => {
    // Rows 20–24 are (partly) visible at 1010–1210.
    expect(visibleRange({ ...base, scrollTop: 1010, listTop: 0 })).toEqual({ start: 18, end: 27 });
  });

  it('accounts for where the list starts in the scrolled content', () => {
    expect(visibleRange({ ...base, scrollTop: 1000, listTop: 1000 })).toEqual({
      start: 0,
      end: 6,
    });
    // The list starts 150 px below the fold: nothing of it is in view, nor within the overscan.
    expect(visibleRange({ ...base, scrollTop: 0, listTop: 350 })).toEqual({ start: 0, end: 0 });
    // Just below the fold: only overscan rows.
    expect(visibleRange({ ...base, scrollTop: 0, listTop: 210 })).toEqual({ start: 0, end: 2 });
  });

  it('clamps at the end of the list', () => {
    expect(visibleRange({ ...base, count: 12, scrollTop: 500, listTop: 0 })).toEqual({
      start: 8,
      end: 12,
    });
  });

  it('is empty for a list scrolled far past, an unmeasured list, or no rows', () => {
    expect(visibleRange({ ...base, count: 3, scrollTop: 5000, listTop: 0 })).toEqual({
      start: 0,
      end: 0,
    });
    expect(visibleRange({ ...base, scrollTop: 0, listTop: Number.NaN })).toEqual({
      start: 0,
      end: 0,
    });
    expect(visibleRange({ ...base, count: 0, scrollTop: 0, listTop: 0 })).toEqual({
      start: 0,
      end: 0,
    });
  });

  it('keeps the DOM small whatever the list length', () => {
    const range = visibleRange({ ...base, count: 1_000_000, scrollTop: 25_000_000, listTop: 0 });
    expect(range.end - range.start).toBeLessThanOrEqual(200 / 50 + 1 + 2 * 2);
  });
});

describe('scrollTopToReveal', () => {
  const view = { scrollTop: 1000, viewportHeight: 200, itemHeight: 50 };

  it('does not move for an item in view', () => {
    expect(scrollTopToReveal({ ...view, itemTop: 1100 })).toBe(1000);
  });

  it('scrolls up to an item above', () => {
    expect(scrollTopToReveal({ ...view, itemTop: 950 })).toBe(950);
  });

  it('scrolls down just enough for an item below', () => {
    expect(scrollTopToReveal({ ...view, itemTop: 1180 })).toBe(1030);
  });
});
