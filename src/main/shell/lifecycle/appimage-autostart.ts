import type { AppUpdater } from 'electron-updater';
import { existsSync, writeFileSync } from 'node:fs';
import { LAUNCHED_AT_LOGIN_ARG } from './login-item';
import { autostartDesktopEntry } from './xdg-autostart';

/**
 * An AppImage named with its version (proxy-tray-1.0.0-x86_64.AppImage) is replaced on update by
 * a file with the new version's name, and the old one deleted: an autostart entry still naming
 * it would start nothing at the next login, so the app would never get to re-point it itself.
 * electron-updater installs while the app quits, so the entry is rewritten synchronously.
 * Only an entry that exists is rewritten: none means the user did not ask to start at login.
 */
export function followMovedAppImage(
  updater: Pick<AppUpdater, 'on'>,
  autostartFile: string,
  onError: (error: unknown) => void,
): void {
  updater.on('appimage-filename-updated', (movedTo) => {
    try {
      if (!existsSync(autostartFile)) return;
      writeFileSync(autostartFile, autostartDesktopEntry([movedTo, LAUNCHED_AT_LOGIN_ARG]), {
        mode: 0o644,
      });
    } catch (error) {
      onError(error);
    }
  });
}
