import { autoUpdater as electronAutoUpdater } from 'electron';
// CommonJS: its `autoUpdater` getter is not seen as a named export from an ES module.
import electronUpdater from 'electron-updater';
import { configureUpdater } from '../updates/configure-updater';
import type { Updater } from '../updates/updater';

export interface AutoUpdaterOptions {
  /**
   * Right before quitting to install. macOS's installer closes every window before `before-quit`
   * is emitted, and the popup hides instead of closing until then: it must be let go of here.
   */
  beforeQuitForUpdate: () => void;
}

/**
 * electron-updater's updater for this platform, reading the feed electron-builder wrote into
 * app-update.yml (GitHub releases). Call only in an installed build. Its quitAndInstall ends in
 * app.quit(), so the app's quit hooks (clearing our clipboard copy among them) still run.
 */
export function createAutoUpdater(options: AutoUpdaterOptions): Updater {
  electronAutoUpdater.on('before-quit-for-update', options.beforeQuitForUpdate);
  return configureUpdater(electronUpdater.autoUpdater);
}
