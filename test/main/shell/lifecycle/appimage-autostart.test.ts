import { AppImageUpdater } from 'electron-updater';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followMovedAppImage } from '../../../../src/main/shell/lifecycle/appimage-autostart';
import { LAUNCHED_AT_LOGIN_ARG } from '../../../../src/main/shell/lifecycle/login-item';
import {
  autostartDesktopEntry,
  xdgAutostartFile,
} from '../../../../src/main/shell/lifecycle/xdg-autostart';
import { configureUpdater } from '../../../../src/main/updates/configure-updater';
import { useTempDir } from '../../store/temp-store-dir';
import { NodeHttpExecutor } from '../../updates/node-http-executor';
import { installedAppAdapter } from '../../updates/test-app-adapter';
import { startUpdateServer } from '../../updates/update-server';

/**
 * electron-updater's own AppImageUpdater, in plain Node, installing a downloaded update the way it
 * does when the app quits: the AppImage moves to the new version's name, and the autostart entry
 * must follow it or the next login starts nothing.
 */

const dir = useTempDir();
let server: Awaited<ReturnType<typeof startUpdateServer>>;
beforeEach(async () => {
  server = await startUpdateServer();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

// The "new AppImage": electron-updater runs it once after moving it (APPIMAGE_EXIT_AFTER_INSTALL).
const NEW_APPIMAGE = Buffer.from('#!/bin/sh\nexit 0\n');

async function installOnQuit(oldName: string, autostart: 'enabled' | 'disabled') {
  const appImage = join(dir(), 'Applications', oldName);
  await mkdir(join(dir(), 'Applications'));
  await writeFile(appImage, 'the running AppImage', { mode: 0o755 });
  vi.stubEnv('APPIMAGE', appImage);

  const autostartFile = xdgAutostartFile(join(dir(), 'config'));
  if (autostart === 'enabled') {
    await mkdir(join(dir(), 'config', 'autostart'), { recursive: true });
    await writeFile(autostartFile, autostartDesktopEntry([appImage, LAUNCHED_AT_LOGIN_ARG]));
  }
  server.publish({
    version: '1.2.3',
    installerName: 'proxy-tray-1.2.3-x86_64.AppImage',
    installer: NEW_APPIMAGE,
  });

  const { app, quitHandlers } = await installedAppAdapter(dir(), server.url);
  const updater = new AppImageUpdater(null, app);
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor() });
  configureUpdater(updater);
  const errors: unknown[] = [];
  followMovedAppImage(updater, autostartFile, (error) => errors.push(error));

  const downloaded = new Promise((resolve) => updater.once('update-downloaded', resolve));
  await updater.checkForUpdates();
  await downloaded;
  // The app quits: autoInstallOnAppQuit installs now.
  for (const handler of quitHandlers) handler(0);
  return {
    appImage,
    autostartFile,
    errors,
    movedTo: join(dir(), 'Applications', 'proxy-tray-1.2.3-x86_64.AppImage'),
  };
}

describe.runIf(process.platform === 'linux')('an AppImage that updates itself on quit', () => {
  it('re-points the autostart entry to the new file name', async () => {
    const run = await installOnQuit('proxy-tray-1.0.0-x86_64.AppImage', 'enabled');

    expect(existsSync(run.appImage)).toBe(false);
    expect(await readFile(run.movedTo)).toEqual(NEW_APPIMAGE);
    expect(await readFile(run.autostartFile, 'utf8')).toBe(
      autostartDesktopEntry([run.movedTo, LAUNCHED_AT_LOGIN_ARG]),
    );
    expect(run.errors).toEqual([]);
  });

  it('creates no autostart entry for a user who did not ask for one', async () => {
    const run = await installOnQuit('proxy-tray-1.0.0-x86_64.AppImage', 'disabled');

    expect(await readFile(run.movedTo)).toEqual(NEW_APPIMAGE);
    expect(existsSync(run.autostartFile)).toBe(false);
  });

  it('leaves the entry alone when the file keeps its name (no version in it)', async () => {
    const run = await installOnQuit('Proxy Tray.AppImage', 'enabled');

    expect(await readFile(run.appImage)).toEqual(NEW_APPIMAGE);
    expect(await readFile(run.autostartFile, 'utf8')).toBe(
      autostartDesktopEntry([run.appImage, LAUNCHED_AT_LOGIN_ARG]),
    );
  });
});
