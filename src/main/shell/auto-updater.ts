import { autoUpdater as electronAutoUpdater } from 'electron';
// CommonJS: its `autoUpdater` getter is not seen as a named export from an ES module.
import electronUpdater from 'electron-updater';
import { homedir } from 'node:os';
import { configureUpdater } from '../updates/configure-updater';
import type { Updater } from '../updates/updater';
import { followMovedAppImage } from './lifecycle/appimage-autostart';
import { xdgConfigHome } from '../platform/xdg-config-home';
import { xdgAutostartFile } from './lifecycle/xdg-autostart';

export interface AutoUpdaterOptions {
  /**
   * Right before quitting to install. macOS's installer closes every window before `before-quit`
   * is emitted, and the popup hides instead of closing until then: it must be let go of here.
   */
  beforeQuitForUpdate: () => void;
  /** A failure to re-point the autostart entry at an AppImage the update renamed. */
  onError: (error: unknown) => void;
}

/**
 * electron-updater's updater for this platform, reading the feed electron-builder wrote into
 * app-update.yml (GitHub releases). Call only in an installed build. Its quitAndInstall ends in
 * app.quit(), so the app's quit hooks (clearing our clipboard copy among them) still run.
 */
export function createAutoUpdater(options: AutoUpdaterOptions): Updater {
  electronAutoUpdater.on('before-quit-for-update', options.beforeQuitForUpdate);
  const updater = electronUpdater.autoUpdater;
  if (process.platform === 'linux') {
    const configHome = xdgConfigHome(process.env['XDG_CONFIG_HOME'], homedir());
    followMovedAppImage(updater, xdgAutostartFile(configHome), options.onError);
  }
  return configureUpdater(updater);
}
