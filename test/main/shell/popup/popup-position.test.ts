import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choosePopupPosition,
  clampToWorkArea,
  hasUsableTrayBounds,
  panelEdge,
  trayEdge,
  type DisplayArea,
  type Rect,
} from '../../../../src/main/shell/popup/popup-position';

const fullHd = { x: 0, y: 0, width: 1920, height: 1080 };
const zeros = { x: 0, y: 0, width: 0, height: 0 };

/** A display with panels of the given thickness on each edge. */
function display(
  bounds: Rect,
  panels: Partial<Record<'top' | 'bottom' | 'left' | 'right', number>> = {},
): DisplayArea {
  const { top = 0, bottom = 0, left = 0, right = 0 } = panels;
  return {
    bounds,
    workArea: {
      x: bounds.x + left,
      y: bounds.y + top,
      width: bounds.width - left - right,
      height: bounds.height - top - bottom,
    },
  };
}

describe('hasUsableTrayBounds', () => {
  it('accepts real bounds', () => {
    expect(hasUsableTrayBounds({ x: 1200, y: 0, width: 22, height: 24 })).toBe(true);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['all zeros (Linux)', zeros],
    ['without width', { x: 5, y: 5, width: 0, height: 24 }],
    ['without height', { x: 5, y: 5, width: 24, height: 0 }],
  ])('refuses bounds %s', (_why, bounds) => {
    expect(hasUsableTrayBounds(bounds)).toBe(false);
  });
});

describe('choosePopupPosition with a known tray icon', () => {
  it.each([
    [
      'macOS: below the menu-bar icon',
      'darwin',
      display({ x: 0, y: 0, width: 1440, height: 900 }, { top: 25 }),
      { x: 1200, y: 0, width: 22, height: 24 },
      'trayCenter',
    ],
    [
      'macOS with a hidden menu bar: still below the icon',
      'darwin',
      display({ x: 0, y: 0, width: 1440, height: 900 }),
      { x: 1200, y: 0, width: 22, height: 24 },
      'trayCenter',
    ],
    [
      'Windows, taskbar at the bottom: above the icon',
      'win32',
      display(fullHd, { bottom: 40 }),
      { x: 1800, y: 1045, width: 24, height: 30 },
      'trayBottomCenter',
    ],
    [
      'Windows, auto-hiding taskbar at the bottom',
      'win32',
      display(fullHd),
      { x: 1800, y: 1050, width: 24, height: 30 },
      'trayBottomCenter',
    ],
    [
      'Windows, taskbar at the top: below the icon',
      'win32',
      display(fullHd, { top: 40 }),
      { x: 1800, y: 5, width: 24, height: 30 },
      'trayCenter',
    ],
    [
      'Windows, taskbar on the left: bottom-left, beside the tray',
      'win32',
      display(fullHd, { left: 62 }),
      { x: 10, y: 1000, width: 40, height: 24 },
      'bottomLeft',
    ],
    [
      'Windows, taskbar on the right: bottom-right, beside the tray',
      'win32',
      display(fullHd, { right: 62 }),
      { x: 1870, y: 1000, width: 40, height: 24 },
      'bottomRight',
    ],
    [
      'Windows, secondary display left of the primary',
      'win32',
      display({ x: -1920, y: 0, width: 1920, height: 1080 }, { bottom: 40 }),
      { x: -100, y: 1045, width: 24, height: 30 },
      'trayBottomCenter',
    ],
    [
      'Linux panel that reports its icon, at the bottom',
      'linux',
      display(fullHd, { bottom: 36 }),
      { x: 1700, y: 1050, width: 24, height: 24 },
      'trayBottomCenter',
    ],
  ] as const)('%s', (_layout, platform, area, trayBounds, expected) => {
    expect(choosePopupPosition({ platform, trayBounds, display: area })).toBe(expected);
  });
});

describe('choosePopupPosition without tray bounds (Linux)', () => {
  it.each([
    ['GNOME top bar', 'linux', display(fullHd, { top: 32 }), 'topRight'],
    [
      'Ubuntu: top bar and dock on the left',
      'linux',
      display(fullHd, { top: 32, left: 64 }),
      'topRight',
    ],
    ['KDE panel at the bottom', 'linux', display(fullHd, { bottom: 44 }), 'bottomRight'],
    [
      'Xfce: top panel and bottom dock',
      'linux',
      display(fullHd, { top: 28, bottom: 48 }),
      'topRight',
    ],
    ['a vertical panel on the left only', 'linux', display(fullHd, { left: 48 }), 'bottomLeft'],
    ['a vertical panel on the right only', 'linux', display(fullHd, { right: 48 }), 'bottomRight'],
    ['no panel at all', 'linux', display(fullHd), 'topRight'],
    [
      'Windows with the icon in the overflow',
      'win32',
      display(fullHd, { bottom: 40 }),
      'bottomRight',
    ],
    ['Windows with no visible taskbar', 'win32', display(fullHd), 'bottomRight'],
  ] as const)('%s', (_layout, platform, area, expected) => {
    expect(choosePopupPosition({ platform, trayBounds: zeros, display: area })).toBe(expected);
    expect(choosePopupPosition({ platform, trayBounds: undefined, display: area })).toBe(expected);
  });
});

describe('trayEdge and panelEdge', () => {
  it('finds the edge nearest the icon, wherever the display sits', () => {
    const area = display({ x: 1920, y: -200, width: 1280, height: 1024 });
    expect(trayEdge({ x: 3100, y: -200, width: 20, height: 20 }, area)).toBe('top');
    expect(trayEdge({ x: 3100, y: 800, width: 20, height: 20 }, area)).toBe('bottom');
    expect(trayEdge({ x: 1920, y: 300, width: 20, height: 20 }, area)).toBe('left');
    expect(trayEdge({ x: 3180, y: 300, width: 20, height: 20 }, area)).toBe('right');
  });

  it('reads panels from the work area, with a per-platform default', () => {
    expect(panelEdge(display(fullHd, { right: 50 }), 'linux')).toBe('right');
    expect(panelEdge(display(fullHd), 'darwin')).toBe('top');
    expect(panelEdge(display(fullHd), 'win32')).toBe('bottom');
    expect(panelEdge(display(fullHd), 'linux')).toBe('top');
  });
});

describe('clampToWorkArea', () => {
  const workArea = { x: 0, y: 25, width: 1440, height: 875 };
  const size = { width: 380, height: 560 };

  it('leaves a popup that fits alone', () => {
    expect(clampToWorkArea({ x: 1000, y: 25, ...size }, workArea)).toEqual({
      x: 1000,
      y: 25,
      ...size,
    });
  });

  it('pulls in a popup for an icon near the right edge', () => {
    expect(clampToWorkArea({ x: 1300, y: 25, ...size }, workArea)).toMatchObject({
      x: 1060,
      y: 25,
    });
  });

  it('pulls in a popup for an icon near the left edge', () => {
    expect(clampToWorkArea({ x: -150, y: 25, ...size }, workArea)).toMatchObject({ x: 0 });
  });

  it('keeps the popup off the menu bar and above the taskbar', () => {
    expect(clampToWorkArea({ x: 10, y: 0, ...size }, workArea)).toMatchObject({ y: 25 });
    expect(clampToWorkArea({ x: 10, y: 600, ...size }, workArea)).toMatchObject({ y: 900 - 560 });
  });

  it('shrinks a popup taller or wider than the work area', () => {
    const small = { x: 0, y: 0, width: 1024, height: 400 };
    expect(clampToWorkArea({ x: 500, y: 100, ...size }, small)).toEqual({
      x: 500,
      y: 0,
      width: 380,
      height: 400,
    });
    const narrow = { x: 0, y: 0, width: 300, height: 1000 };
    expect(clampToWorkArea({ x: 200, y: 10, ...size }, narrow)).toEqual({
      x: 0,
      y: 10,
      width: 300,
      height: 560,
    });
  });

  it('works on displays with negative coordinates', () => {
    const left = { x: -1920, y: 0, width: 1920, height: 1040 };
    expect(clampToWorkArea({ x: -200, y: 900, ...size }, left)).toEqual({
      x: -380,
      y: 480,
      ...size,
    });
  });

  it('answers whole pixels', () => {
    expect(clampToWorkArea({ x: 100.6, y: 200.2, width: 380.4, height: 559.6 }, workArea)).toEqual({
      x: 101,
      y: 200,
      width: 380,
      height: 560,
    });
  });

  it('always lands inside the work area', () => {
    const rect = fc.record({
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -5000, max: 5000 }),
      width: fc.integer({ min: 1, max: 4000 }),
      height: fc.integer({ min: 1, max: 4000 }),
    });
    fc.assert(
      fc.property(rect, rect, (window, area) => {
        const placed = clampToWorkArea(window, area);
        expect(placed.x).toBeGreaterThanOrEqual(area.x);
        expect(placed.y).toBeGreaterThanOrEqual(area.y);
        expect(placed.x + placed.width).toBeLessThanOrEqual(area.x + area.width);
        expect(placed.y + placed.height).toBeLessThanOrEqual(area.y + area.height);
        expect(placed.width).toBe(Math.min(window.width, area.width));
        expect(placed.height).toBe(Math.min(window.height, area.height));
      }),
    );
  });
});
