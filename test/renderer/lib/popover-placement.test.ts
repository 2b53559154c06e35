import { describe, expect, it } from 'vitest';
import { POPOVER_EDGE, popoverPlacement } from '../../../src/renderer/src/lib/popover-placement';

const bounds = { top: 100, bottom: 600 };

describe('popoverPlacement', () => {
  it('opens below its anchor when it fits there', () => {
    expect(popoverPlacement({ top: 120, bottom: 160 }, bounds, 200)).toEqual({
      upward: false,
      maxHeight: 600 - 160 - POPOVER_EDGE,
    });
  });

  it('opens above when it does not fit below and there is more room above', () => {
    expect(popoverPlacement({ top: 500, bottom: 540 }, bounds, 80)).toEqual({
      upward: true,
      maxHeight: 500 - 100 - POPOVER_EDGE,
    });
  });

  it('stays below, scrolling, when above has even less room', () => {
    expect(popoverPlacement({ top: 150, bottom: 190 }, bounds, 900)).toEqual({
      upward: false,
      maxHeight: 600 - 190 - POPOVER_EDGE,
    });
  });

  it('never gets shorter than a few items, even squeezed on both sides', () => {
    expect(popoverPlacement({ top: 110, bottom: 590 }, bounds, 300)).toEqual({
      upward: false,
      maxHeight: 120,
    });
  });
});
