import { app, shell } from 'electron';
import log from 'electron-log/main';
import { release } from 'node:os';
import { dirname } from 'node:path';
import { configureLog } from '../logging/configure-log';
import type { Log } from '../logging/log-port';
import { openLogsFolder, type OpenLogsFolderResult } from '../logging/logs-folder';

export interface AppLog {
  log: Log;
  /** Shows the folder main.log is in (created if missing) in the system's file manager. */
  openFolder(): Promise<OpenLogsFolderResult>;
}

/**
 * The app's log: electron-log/main writing main.log into electron-log's default folder, the
 * platform's logs folder — Windows %APPDATA%\Proxy Tray\logs, macOS ~/Library/Logs/Proxy Tray,
 * Linux ~/.config/Proxy Tray/logs (the user-data folder's logs/) — resolved at the first line,
 * after app-lifecycle may have moved the user-data folder. Every line is redacted (configure-log).
 * Call once, first thing: uncaught errors are logged from then on.
 */
export function createAppLog(maskKnownSecrets: (text: string) => string): AppLog {
  configureLog(log, { maskKnownSecrets, console: !app.isPackaged });
  // Uncaught errors and unhandled rejections go through the same hooks, so they are redacted.
  // No dialog: electron-log's would show the stack unredacted, and a stack means nothing to
  // users; the log is what support asks for.
  log.errorHandler.startCatching({ showDialog: false });
  return {
    log,
    // The file transport's own file: the folder shown is the one written to, wherever that is.
    openFolder: () =>
      openLogsFolder(dirname(log.transports.file.getFile().path), (path) => shell.openPath(path)),
  };
}

/** The first line of a run: which build, on what, for whoever reads the log later. */
export function logAppStarted(appLog: AppLog): void {
  appLog.log.info(
    `Proxy Tray ${app.getVersion()} started (Electron ${process.versions.electron}, ${process.platform} ${release()}, ${app.isPackaged ? 'installed' : 'development'})`,
  );
}
