import type { AppUpdater } from 'electron-updater';
import type { Updater } from './updater';

/**
 * How the app runs electron-updater, in one place so that the tests run the real updater with the
 * same settings: it downloads what it finds at once, and a quit installs a downloaded update even
 * without the "Restart now" click.
 */
export function configureUpdater(updater: AppUpdater): Updater {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // Off: its lines carry URLs, response headers and stacks. Failures reach the update status as
  // plain sentences, and the unexplained ones our own log.
  updater.logger = null;
  return updater;
}
