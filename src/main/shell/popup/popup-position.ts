import type { PositionerPosition } from 'electron-positioner';

/**
 * Where the popup appears, as plain geometry: which electron-positioner position to use for a
 * platform, tray icon and display, and the final clamp into the display's work area.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The parts of Electron's Display the placement needs: all of the screen, and what panels leave. */
export interface DisplayArea {
  bounds: Rect;
  workArea: Rect;
}

export type ScreenEdge = 'top' | 'bottom' | 'left' | 'right';

/**
 * Linux tray icons (StatusNotifierItem) report no position: Electron answers all zeros there,
 * and nothing on a tray that is not shown at all.
 */
export function hasUsableTrayBounds(bounds: Rect | null | undefined): bounds is Rect {
  return bounds != null && bounds.width > 0 && bounds.height > 0;
}

/** The display edge nearest the tray icon: the edge its taskbar or menu bar sits on. */
export function trayEdge(tray: Rect, display: DisplayArea): ScreenEdge {
  const { bounds } = display;
  const centreX = tray.x + tray.width / 2;
  const centreY = tray.y + tray.height / 2;
  const distances: [ScreenEdge, number][] = [
    ['top', centreY - bounds.y],
    ['bottom', bounds.y + bounds.height - centreY],
    ['left', centreX - bounds.x],
    ['right', bounds.x + bounds.width - centreX],
  ];
  let nearest = distances[0] as [ScreenEdge, number];
  for (const candidate of distances) if (candidate[1] < nearest[1]) nearest = candidate;
  return nearest[0];
}

/**
 * The edge holding the panel with the tray, guessed from the space panels take off the work
 * area. Horizontal panels win over vertical ones: GNOME's top bar holds the tray while
 * Ubuntu's dock on the left does not. With no panel in the way (hidden or auto-hiding), the
 * platform's usual place: the macOS menu bar on top, the Windows taskbar at the bottom.
 */
export function panelEdge(display: DisplayArea, platform: NodeJS.Platform): ScreenEdge {
  const { bounds, workArea } = display;
  const insets: Record<ScreenEdge, number> = {
    top: workArea.y - bounds.y,
    bottom: bounds.y + bounds.height - (workArea.y + workArea.height),
    left: workArea.x - bounds.x,
    right: bounds.x + bounds.width - (workArea.x + workArea.width),
  };
  const edges: ScreenEdge[] = ['top', 'bottom', 'left', 'right'];
  const occupied = edges.find((edge) => insets[edge] > 0);
  if (occupied) return occupied;
  return platform === 'win32' ? 'bottom' : 'top';
}

/** Next to the icon when its position is known; in the corner by the panel otherwise. */
const BESIDE_TRAY: Record<ScreenEdge, PositionerPosition> = {
  top: 'trayCenter',
  bottom: 'trayBottomCenter',
  // Vertical taskbars keep their tray at the bottom.
  left: 'bottomLeft',
  right: 'bottomRight',
};
const SCREEN_CORNER: Record<ScreenEdge, PositionerPosition> = {
  top: 'topRight',
  bottom: 'bottomRight',
  left: 'bottomLeft',
  right: 'bottomRight',
};

export interface PopupPlacementInput {
  platform: NodeJS.Platform;
  /** The tray icon's bounds, as Electron reports them (possibly zeros or absent). */
  trayBounds: Rect | null | undefined;
  /** The display with the tray icon, or the display under the cursor when its bounds are unusable. */
  display: DisplayArea;
}

export function choosePopupPosition(input: PopupPlacementInput): PositionerPosition {
  if (hasUsableTrayBounds(input.trayBounds)) {
    return BESIDE_TRAY[trayEdge(input.trayBounds, input.display)];
  }
  return SCREEN_CORNER[panelEdge(input.display, input.platform)];
}

/**
 * Moves (and if need be shrinks) a window rectangle into the work area, so no part of the
 * popup hides under a taskbar or off screen: electron-positioner can place a popup for an
 * icon near a screen edge partly outside.
 */
export function clampToWorkArea(window: Rect, workArea: Rect): Rect {
  const width = Math.min(Math.round(window.width), workArea.width);
  const height = Math.min(Math.round(window.height), workArea.height);
  const x = clamp(Math.round(window.x), workArea.x, workArea.x + workArea.width - width);
  const y = clamp(Math.round(window.y), workArea.y, workArea.y + workArea.height - height);
  return { x, y, width, height };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
