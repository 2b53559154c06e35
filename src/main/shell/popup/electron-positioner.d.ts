// electron-positioner 4 ships no types: the part of its API the popup uses.
declare module 'electron-positioner' {
  import type { BrowserWindow, Rectangle } from 'electron';

  export type PositionerPosition =
    | 'trayLeft'
    | 'trayBottomLeft'
    | 'trayRight'
    | 'trayBottomRight'
    | 'trayCenter'
    | 'trayBottomCenter'
    | 'topLeft'
    | 'topRight'
    | 'bottomLeft'
    | 'bottomRight'
    | 'topCenter'
    | 'bottomCenter'
    | 'leftCenter'
    | 'rightCenter'
    | 'center';

  /**
   * With `trayBounds`, coordinates are within the work area of the display holding the tray
   * icon; without, within the display under the cursor. The tray* positions need `trayBounds`.
   */
  export default class Positioner {
    constructor(browserWindow: BrowserWindow);
    calculate(position: PositionerPosition, trayBounds?: Rectangle): { x: number; y: number };
    move(position: PositionerPosition, trayBounds?: Rectangle): void;
  }
}
