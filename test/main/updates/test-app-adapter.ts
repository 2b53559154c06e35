import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What electron-updater asks of Electron's app, for an installed build 1.0.0 whose data is in
 * `dir`, reading its feed from an app-update.yml as electron-builder writes it. The app's quit
 * is recorded: `quitHandlers` are what the updater hooked to install on quit.
 */
export async function installedAppAdapter(dir: string, feedUrl: string) {
  const quitHandlers: ((exitCode: number) => void)[] = [];
  const app: AppAdapter = {
    version: '1.0.0',
    name: 'Proxy Tray',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: (handler) => quitHandlers.push(handler),
  };
  await writeFile(
    app.appUpdateConfigPath,
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: proxy-tray-updater\n`,
  );
  return { app, quitHandlers };
}
