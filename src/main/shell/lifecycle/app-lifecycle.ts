import { app } from 'electron';
// The app's logger, configured (redaction included) by app-log.ts before this runs.
import log from 'electron-log/main';
import { homedir } from 'node:os';
import { xdgConfigHome } from '../../platform/xdg-config-home';
import { loginItemPlan, wasLaunchedAtLogin, type LoginItemPreferences } from './login-item';
import { applyAppIdentity } from './app-identity';
import { createQuitHooks, type QuitHooks } from './quit-hooks';
import { applyXdgAutostart } from './xdg-autostart';

export interface LifecycleOptions {
  /** The user started the app again while it runs: show the popup instead. */
  onSecondInstance: (argv: string[]) => void;
}

export type LoginItemResult = { ok: true } | { ok: false; message: string };

export type Lifecycle =
  | {
      /** Another instance already runs (and has been told): quit at once, build nothing. */
      ok: false;
    }
  | {
      ok: true;
      /** Run, once, before the app quits; add e.g. clearing a copied password. */
      beforeQuit: QuitHooks;
      /** Runs `beforeQuit` now (once: later calls, `before-quit` included, share the run). */
      runQuitHooks(): Promise<void>;
      /** Registers or removes the app as a login item, from the user's setting. */
      applyLoginItem(preferences: LoginItemPreferences): Promise<LoginItemResult>;
      /** True when the OS started the app at login: it then stays quietly in the tray. */
      launchedAtLogin(): boolean;
    };

/**
 * A tray app's life: one instance, no Dock icon, no quitting when the popup closes, and a
 * chance to clean up before quitting. Call first thing in the composition root.
 */
export function setUpLifecycle(options: LifecycleOptions): Lifecycle {
  // A development run (the demo) keeps its data apart from the installed app's. Before the
  // single-instance lock, which lives in the user-data folder.
  const developmentDataDir = app.isPackaged ? undefined : process.env['PROXY_TRAY_DATA_DIR'];
  if (developmentDataDir) app.setPath('userData', developmentDataDir);
  if (!app.requestSingleInstanceLock()) return { ok: false };
  applyAppIdentity(app, process.platform);
  app.on('second-instance', (_event, argv) => options.onSecondInstance(argv));
  // Registering a listener is what stops Electron from quitting when no window is left.
  app.on('window-all-closed', () => {});
  void app.whenReady().then(() => app.dock?.hide());

  const beforeQuit = createQuitHooks();
  // Started by `before-quit`, or earlier by the end of the session (session-end-quit-hooks.ts):
  // one run either way, its failures logged once.
  let hooksDone: Promise<void> | undefined;
  const runQuitHooks = () =>
    (hooksDone ??= beforeQuit.run().then((failures) => {
      for (const failure of failures) {
        log.error(`Before quitting, "${failure.name}" failed: ${failure.message}`);
      }
    }));
  let cleanedUp = false;
  app.on('before-quit', (event) => {
    if (cleanedUp) return;
    // Hooks may be asynchronous: hold the quit, run them (bounded), then quit for real.
    event.preventDefault();
    void runQuitHooks().then(() => {
      cleanedUp = true;
      app.quit();
    });
  });

  return {
    ok: true,
    beforeQuit,
    runQuitHooks,
    applyLoginItem,
    launchedAtLogin: () =>
      wasLaunchedAtLogin({
        platform: process.platform,
        argv: process.argv,
        macOpenedAtLogin:
          process.platform === 'darwin' ? app.getLoginItemSettings().wasOpenedAtLogin : undefined,
      }),
  };
}

async function applyLoginItem(preferences: LoginItemPreferences): Promise<LoginItemResult> {
  const plan = loginItemPlan(preferences, {
    platform: process.platform,
    isPackaged: app.isPackaged,
    execPath: process.execPath,
    appImagePath: process.env['APPIMAGE'],
    configHome: xdgConfigHome(process.env['XDG_CONFIG_HOME'], homedir()),
  });
  switch (plan.kind) {
    case 'electron':
      app.setLoginItemSettings(plan.settings);
      return { ok: true };
    case 'xdg-autostart':
      try {
        await applyXdgAutostart(plan.file, plan.command);
        return { ok: true };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const verb = plan.command ? 'create' : 'remove';
        return {
          ok: false,
          message: `Could not ${verb} the autostart entry ${plan.file}: ${reason}`,
        };
      }
    case 'unavailable':
      return { ok: false, message: plan.message };
  }
}
