import type { App } from 'electron';

/**
 * The app's id: electron-builder's `appId`, which the NSIS installer gives the Start-menu shortcut
 * as its AppUserModelID. Windows shows a toast only for an app whose AppUserModelID has a
 * shortcut, and Electron sets one by itself only for Squirrel installs (a test holds this to
 * electron-builder.yml).
 */
export const APP_ID = 'app.proxytray.desktop';

/** Call before any notification: on Windows, toasts then carry the installed shortcut's id. */
export function applyAppIdentity(
  app: Pick<App, 'setAppUserModelId'>,
  platform: NodeJS.Platform,
): void {
  // Windows only (electron.d.ts: @platform win32); elsewhere the id means nothing.
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
}
