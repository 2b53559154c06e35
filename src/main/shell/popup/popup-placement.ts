import { screen, type BrowserWindow, type Rectangle } from 'electron';
import Positioner from 'electron-positioner';
import { choosePopupPosition, clampToWorkArea, hasUsableTrayBounds } from './popup-position';

/**
 * Returns a function that moves the popup next to the tray icon (or into the panel's corner of
 * the display under the cursor when the icon's position is unknown), inside the work area.
 * Must be called after the app is ready: electron-positioner reads `screen` when built.
 */
export function createPopupPlacer(window: BrowserWindow): (trayBounds?: Rectangle) => void {
  const positioner = new Positioner(window);
  return (trayBounds) => {
    const anchor = hasUsableTrayBounds(trayBounds) ? trayBounds : undefined;
    // The same display electron-positioner measures against.
    const display = anchor
      ? screen.getDisplayMatching(anchor)
      : screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
    const position = choosePopupPosition({
      platform: process.platform,
      trayBounds: anchor,
      display,
    });
    const { x, y } = positioner.calculate(position, anchor);
    const { width, height } = window.getBounds();
    window.setBounds(clampToWorkArea({ x, y, width, height }, display.workArea));
  };
}
