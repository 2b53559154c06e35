import path from 'node:path';
import { xdgConfigHome } from '../../main/platform/xdg-config-home';

/** The app's name as Electron names its user-data folder (package.json `productName`). */
const APP_FOLDER_NAME = 'Proxy Tray';

export interface DataFolderFacts {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
}

/**
 * The folder the app keeps its settings, labels and plans in, found as Electron finds
 * `app.getPath('userData')`: %APPDATA% on Windows, ~/Library/Application Support on macOS,
 * $XDG_CONFIG_HOME (else ~/.config) elsewhere, then the app's name. PROXY_TRAY_DATA_DIR names
 * another folder (a development run, the tests, a second profile), as it does for the app when
 * it runs from the repository.
 */
export function appDataFolder({ platform, env, home }: DataFolderFacts): string {
  const override = env['PROXY_TRAY_DATA_DIR'];
  if (override) return path.resolve(override);
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  switch (platform) {
    case 'win32':
      return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
    default:
      return join(xdgConfigHome(env['XDG_CONFIG_HOME'], home), APP_FOLDER_NAME);
  }
}

/** Whether the folder is the installed app's own, not one named by PROXY_TRAY_DATA_DIR. */
export function isAppsOwnFolder(env: DataFolderFacts['env']): boolean {
  return !env['PROXY_TRAY_DATA_DIR'];
}
