import { join } from 'node:path';

/**
 * Which tray image each platform gets, and where the images are. Generated from the SVGs in
 * assets/ by scripts/generate-icons.ts.
 */

export interface AssetsDirectoryInput {
  isPackaged: boolean;
  /** `process.resourcesPath`: electron-builder copies `assets/` there (extraResources). */
  resourcesPath: string;
  /** `app.getAppPath()`: the project root while developing. */
  appPath: string;
}

export function assetsDirectory(input: AssetsDirectoryInput): string {
  return input.isPackaged ? join(input.resourcesPath, 'assets') : join(input.appPath, 'assets');
}

/**
 * macOS: a black template image that the menu bar recolours for light, dark and highlighted
 * states (Electron loads the @2x file beside it on Retina screens, and treats a name ending in
 * "Template" as a template). Windows: an .ico holding every size the taskbar asks for at each
 * scaling. Linux panels: a coloured PNG, scaled down by the panel.
 */
export function trayIconPath(platform: NodeJS.Platform, assetsDir: string): string {
  switch (platform) {
    case 'darwin':
      return join(assetsDir, 'trayTemplate.png');
    case 'win32':
      return join(assetsDir, 'tray.ico');
    default:
      return join(assetsDir, 'tray.png');
  }
}

/**
 * How the context menu reaches the user. Linux panels (StatusNotifierItem) show only a menu
 * attached with setContextMenu, and may never deliver a click. Windows opens an attached menu
 * on right-click and still reports left clicks. On macOS an attached menu swallows the left
 * click that should open the popup, so there the menu pops up on right-click instead.
 */
export type TrayMenuAttachment = 'attached' | 'on-right-click';

export function trayMenuAttachment(platform: NodeJS.Platform): TrayMenuAttachment {
  return platform === 'darwin' ? 'on-right-click' : 'attached';
}
