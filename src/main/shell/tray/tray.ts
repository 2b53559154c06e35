import { Menu, nativeImage, Tray, type Rectangle } from 'electron';
// The app's logger, configured (redaction included) by app-log.ts.
import log from 'electron-log/main';
import { trayIconPath, trayMenuAttachment } from './tray-icons';
import { buildTrayMenu, type TrayMenuActions, type TrayMenuInput } from './tray-menu-template';
import { trayTooltip } from './tray-tooltip';

export interface TrayOptions {
  /** Directory of the generated tray images (see assetsDirectory in tray-icons.ts). */
  assetsDir: string;
  /**
   * A click on the icon, where the platform reports one (some Linux panels never do: the menu
   * carries every action). `bounds` is the icon's position, zeros when unknown.
   */
  onClick: (bounds: Rectangle) => void;
}

export interface TrayController {
  /** Rebuilds the context menu and the tooltip from the app's state. */
  update(input: TrayMenuInput, actions: TrayMenuActions): void;
  setTooltip(text: string): void;
  /** The icon's bounds, or undefined where the platform does not know them. */
  getBounds(): Rectangle | undefined;
  destroy(): void;
}

/** Puts the icon in the tray. Call after `app.whenReady()`, then `update()` to give it a menu. */
export function createTray(options: TrayOptions): TrayController {
  const platform = process.platform;
  const iconPath = trayIconPath(platform, options.assetsDir);
  const image = nativeImage.createFromPath(iconPath);
  if (image.isEmpty()) log.error(`The tray icon ${iconPath} is missing or unreadable.`);
  if (platform === 'darwin') image.setTemplateImage(true);

  const tray = new Tray(image);
  tray.setToolTip('Proxy Tray');
  // Two quick clicks are two toggles, not one toggle and a double-click.
  if (platform === 'darwin') tray.setIgnoreDoubleClickEvents(true);

  const attachment = trayMenuAttachment(platform);
  let menu: Menu | undefined;

  tray.on('click', (_event, bounds) => options.onClick(bounds));
  if (attachment === 'on-right-click') {
    tray.on('right-click', () => {
      if (menu) tray.popUpContextMenu(menu);
    });
  }

  return {
    update(input, actions) {
      if (tray.isDestroyed()) return;
      menu = Menu.buildFromTemplate(buildTrayMenu(input, actions));
      if (attachment === 'attached') tray.setContextMenu(menu);
      tray.setToolTip(trayTooltip(input));
    },
    setTooltip(text) {
      if (!tray.isDestroyed()) tray.setToolTip(text);
    },
    getBounds() {
      if (tray.isDestroyed() || platform === 'linux') return undefined;
      return tray.getBounds();
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
