import { app, dialog, globalShortcut, ipcMain, powerMonitor, protocol } from 'electron';
import ElectronStore from 'electron-store';
import { join } from 'node:path';
import type { IpcEvent } from '../shared/ipc/channel-names';
import type { IpcEventPayload } from '../shared/ipc/contract';
import { favoritesViewOf, sessionViewOf } from './app/views';
import { ownDataFolder } from './command-line/own-data-folder';
import { dispatchCommand } from './ipc/command-dispatch';
import { createMainServices, type MainServices } from './main-services';
import { makePrivateFolder } from './store/private-files';
import { APP_KEYCHAIN_SERVICE, KeytarVault } from './session/keytar-vault';
import { setUpLifecycle } from './shell/lifecycle/app-lifecycle';
import { createAppLog, logAppStarted } from './shell/app-log';
import { installAppProtocol } from './shell/app-protocol/app-protocol-handler';
import { APP_SCHEME_PRIVILEGES } from './shell/app-protocol/app-scheme';
import { createAutoUpdater } from './shell/auto-updater';
import { osascriptAdministrator } from './terminal-command/osascript-administrator';
import { dismissAction, firstShowDecision, popupKind } from './shell/popup/desktop-presentation';
import { displaySession } from './shell/lifecycle/display-session';
import { electronClipboard } from './shell/clipboard';
import { showDesktopNotification, shownNotifications } from './shell/desktop-notification';
import { createGlobalShortcut } from './shell/global-shortcut';
import { registerIpcHandlers, sendIpcEvent } from './shell/ipc-main-bridge';
import { createPopupWindow, type PopupWindow } from './shell/popup/popup-window';
import { saveWithDialog } from './shell/save-dialog';
import { installSmokeProbe } from './shell/lifecycle/smoke-probe';
import { runQuitHooksOnSessionEnd } from './shell/lifecycle/session-end-quit-hooks';
import { createTray, type TrayController } from './shell/tray/tray';
import type { TrayMenuActions } from './shell/tray/tray-menu-template';
import { createTrayRefresher, type TrayRefresher } from './shell/tray/tray-refresher';
import { settledTrayHost } from './shell/tray/settled-tray-host';
import { hasStatusNotifierHost, type TrayHostPresence } from './shell/tray/tray-host-probe';
import { assetsDirectory } from './shell/tray/tray-icons';
import { readyUpdateVersion, trayMenuInputOf } from './shell/tray/tray-menu-input';

// Composition root: builds the plain-Node services and hands them to Electron's glue. Everything
// with behaviour lives in those modules and is tested in Node; this file only connects them.

/** The events that change what the tray's menu and tooltip show. */
const TRAY_EVENTS = new Set<IpcEvent>([
  'plans:changed',
  'session:changed',
  'alerts:changed',
  'updates:changed',
  'desktop:changed',
  'favorites:changed',
  'local-ports:changed',
  'pool-ports:changed',
]);

/** The tokens the session holds, masked in every log line; none until the services exist. */
let maskTokens = (text: string): string => text;
// First: from here on, uncaught errors are logged too.
const appLog = createAppLog((text) => maskTokens(text));

/** Says why in a dialog (and the log), then quits: the app cannot run without its data. */
function cannotStart(error: unknown): void {
  appLog.log.error('Proxy Tray cannot start:', error);
  dialog.showErrorBox(
    'Proxy Tray cannot start',
    error instanceof Error ? error.message : String(error),
  );
  app.exit(1);
}

function reportError(error: unknown): void {
  // Internal errors only: service and keychain errors reach the popup as data. Redacted anyway.
  appLog.log.error(error);
}

// Only possible before `ready`, and only once: the popup's app:// scheme (app-scheme.ts).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

const lifecycle = setUpLifecycle({ onSecondInstance: () => popup?.show() });
let popup: PopupWindow | undefined;
let tray: TrayController | undefined;
/** Created with the tray: events before it have no menu to change. */
let trayRefresher: TrayRefresher | undefined;
/**
 * Where the next showing of the popup opens (a panel, or the plan a notification was about), and
 * whether the global shortcut asked for it.
 */
let pendingShow: { panel?: 'settings'; planId?: number; byShortcut?: true } = {};

if (!lifecycle.ok) {
  app.quit();
} else {
  // Electron made the user-data folder (for its single-instance lock) with the default mode: the
  // stores and browser profiles in it are the user's alone. The stores tighten it too when they
  // open; here it is private before anything else is written there.
  makePrivateFolder(app.getPath('userData'));
  void app.whenReady().then(async () => {
    logAppStarted(appLog);
    // Whether a panel will show our icon (Linux only can lack one): asked now, needed below.
    const trayHostProbe: Promise<TrayHostPresence> =
      process.platform === 'linux'
        ? settledTrayHost({
            probe: () => hasStatusNotifierHost(),
            launchedAtLogin: lifecycle.launchedAtLogin(),
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          })
        : Promise.resolve('present');
    // Before the services open a file: serving the command line's socket makes this app the
    // owner of its data folder. A `proxy-tray port` in a terminal may hold it: wait, then say so.
    const started: { services?: MainServices } = {};
    const commandLine = await ownDataFolder({
      dataDir: app.getPath('userData'),
      owner: 'app',
      access: () => started.services?.settings.get().commandLineAccess ?? false,
      handle: async (channel, input) => {
        // Access is off until the services exist: no request comes before them.
        if (!started.services) throw new Error('Proxy Tray is starting.');
        return dispatchCommand(started.services.commands, channel, input, reportError);
      },
    }).catch((error: unknown) => void cannotStart(error));
    if (!commandLine) return;
    let services: MainServices;
    try {
      services = createMainServices({
        createStore: (options) => new ElectronStore(options),
        vault: new KeytarVault({ service: APP_KEYCHAIN_SERVICE }),
        clipboard: electronClipboard,
        saveFile: saveWithDialog((open) => {
          if (!popup) throw new Error('The popup is not ready.');
          return popup.withDialog(open);
        }),
        emit: (event, payload) => onEvent(event, payload),
        hidePopup: () => popup?.hide(),
        quit: () => app.quit(),
        notify: (alert) =>
          showDesktopNotification(alert, () => {
            pendingShow = alert.planId === undefined ? {} : { planId: alert.planId };
            popup?.show({ focusSearch: false });
          }),
        shortcut: createGlobalShortcut(globalShortcut, process.platform, () => {
          pendingShow = { byShortcut: true };
          popup?.show({ focusSearch: true });
        }),
        log: appLog.log,
        openLogsFolder: () => appLog.openFolder(),
        browserProfilesDir: join(app.getPath('userData'), 'browser-profiles'),
        // A dragged-in app has no installer to put its command on PATH: Settings does, as VS
        // Code's "Install 'code' command". Development runs have no command of their own to link.
        ...(process.platform === 'darwin' && app.isPackaged
          ? {
              terminalCommand: {
                linkPath: '/usr/local/bin/proxy-tray',
                targetPath: join(process.resourcesPath, 'bin', 'proxy-tray'),
                runAsAdministrator: osascriptAdministrator(),
              },
            }
          : {}),
        // Development runs have no app-update.yml and nothing to replace: no updater at all.
        ...(app.isPackaged
          ? {
              updater: createAutoUpdater({
                beforeQuitForUpdate: () => popup?.destroy(),
                onError: reportError,
              }),
            }
          : {}),
      });
    } catch (error) {
      // The settings or labels file could not be read or backed up: say so rather than lose it.
      await commandLine.close();
      return cannotStart(error);
    }

    maskTokens = (text) => services.session.maskTokens(text);
    started.services = services;

    // Until the keychain answers (it may take seconds), the tray's menu says so.
    let starting = true;
    // Small figures only: the shown plans and proxies, counts, flags (see trayMenuInputOf).
    const trayInput = () => ({
      ...trayMenuInputOf(sessionViewOf(services.session), services.plans.snapshot(), {
        starting,
        favorites: {
          ids: favoritesViewOf(services.session.status().account?.id, services.favorites),
          find: (proxyId) => services.plans.listed(proxyId),
        },
        localPorts: services.localPorts.list(),
        poolPorts: services.pools.list(),
      }),
      alerts: services.alerts.attentionCount,
      updateVersion: readyUpdateVersion(services.updates.status()),
      shortcutProblem: services.desktop.current().shortcutProblem,
    });
    const trayActions: TrayMenuActions = {
      open: () => popup?.show(),
      quickCopy: (proxyId) =>
        void services.useCases['credentials:copy']({ proxyId }).catch(reportError),
      refresh: () => void services.useCases['plans:refresh'](undefined).catch(reportError),
      switchAccount: (accountId) =>
        void services.useCases['session:switch-account']({ accountId }).catch(reportError),
      openSettings: () => {
        pendingShow = { panel: 'settings' };
        popup?.show({ focusSearch: false });
      },
      signOut: () => void services.useCases['session:sign-out']({}).catch(reportError),
      // The popup's own request: a failure says which folder, and lands in the log.
      openLogsFolder: () =>
        void services.useCases['logs:open-folder'](undefined).catch(reportError),
      quit: () => app.quit(),
      restartToUpdate: () =>
        void services.useCases['updates:restart'](undefined).catch(reportError),
      // The popup's own requests: the same refusals and copies, failures in the log.
      copyLocalPort: (proxyId, scheme) =>
        void services.useCases['local-ports:copy']({ proxyId, scheme }).catch(reportError),
      stopLocalPort: (proxyId) =>
        void services.useCases['local-ports:close']({ proxyId }).catch(reportError),
      openLocalPort: (proxyId) =>
        void services.useCases['local-ports:open']({ proxyId })
          .then(() => services.useCases['local-ports:copy']({ proxyId, scheme: 'http' }))
          .catch(reportError),
      copyPoolPort: (poolId, scheme) =>
        void services.useCases['pool-ports:copy']({ poolId, scheme }).catch(reportError),
      stopPoolPort: (poolId) =>
        void services.useCases['pool-ports:close']({ poolId }).catch(reportError),
    };

    function onEvent<Event extends IpcEvent>(event: Event, payload: IpcEventPayload<Event>): void {
      if (popup) sendIpcEvent(popup.webContents, event, payload);
      // Throttled, and a no-op when the menu would show the same: events come in bursts.
      if (TRAY_EVENTS.has(event)) trayRefresher?.schedule();
    }

    // The popup's page comes over app://, in the default session the popup uses: serve it first.
    installAppProtocol(protocol, { rendererDir: join(import.meta.dirname, '../renderer') });
    const platform = process.platform;
    // Before the popup, whose kind (a popup or a window) is fixed when it is created.
    const trayHost = await trayHostProbe;
    // One handler, so that the smoke tests' "click on the tray" is the tray's own.
    const clickTray = () => popup?.toggle();
    tray = createTray({
      assetsDir: assetsDirectory({
        isPackaged: app.isPackaged,
        resourcesPath: process.resourcesPath,
        appPath: app.getAppPath(),
      }),
      onClick: clickTray,
    });
    trayRefresher = createTrayRefresher({
      input: trayInput,
      apply: (input) => tray?.update(input, trayActions),
      onError: reportError,
    });
    // The menu from the first moment, before the keychain answers: on Linux panels it is the
    // only way in. Created after the tray host is known: Chromium looks for one only when the
    // icon is created, and falls back to an XEmbed icon that modern panels do not show.
    trayRefresher.flush();

    const kind = popupKind(
      displaySession({
        platform,
        env: process.env,
        argv: process.argv,
        // Electron decides the display server before any JS runs and records it here.
        ozonePlatformSwitch: app.commandLine.getSwitchValue('ozone-platform'),
      }),
      trayHost,
    );
    popup = createPopupWindow({
      kind,
      dismissAction: (trigger) => dismissAction({ kind, trigger, trayHost, platform }),
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      getTrayBounds: () => tray?.getBounds(),
      // The popup's own Escape first clears the search, and asks main to hide only when it is empty.
      hideOnEscape: false,
      onShown: ({ focusSearch }) => {
        if (popup)
          sendIpcEvent(popup.webContents, 'popup:shown', {
            focusSearch,
            panel: pendingShow.panel ?? 'plans',
            ...(pendingShow.planId === undefined ? {} : { planId: pendingShow.planId }),
            ...(pendingShow.byShortcut ? { byShortcut: true } : {}),
          });
        pendingShow = {};
        services.popupOpened().catch(reportError);
      },
    });
    installSmokeProbe({
      tray,
      popup,
      clickTray,
      newestNotification: () => shownNotifications.newest(),
    });
    registerIpcHandlers({
      ipcMain,
      useCases: services.useCases,
      isTrustedSender: (frame) => popup?.isTrustedSender(frame) ?? false,
      onInternalError: reportError,
    });

    const applySystemSettings = () => {
      const settings = services.settings.get();
      void lifecycle.applyLoginItem({ openAtLogin: settings.openAtLogin }).then((result) => {
        if (!result.ok) reportError(new Error(result.message));
      });
    };
    services.settings.onChange(applySystemSettings);
    applySystemSettings();

    // The hooks run together: the data folder is freed for the command line only once the
    // services wrote what waited.
    lifecycle.beforeQuit.add('stop services, clear our clipboard copy, free the data folder', () =>
      services.shutdown().finally(() => commandLine.close()),
    );
    lifecycle.beforeQuit.add('stop rebuilding the tray menu', () => trayRefresher?.dispose());
    // A shutdown, restart or log-off does not always emit before-quit (never on Windows).
    runQuitHooksOnSessionEnd({
      window: popup.sessionEndSource,
      powerMonitor,
      runQuitHooks: () => lifecycle.runQuitHooks(),
      quit: () => app.quit(),
    });

    await services.start();
    starting = false;
    trayRefresher.flush();
    const firstShow = firstShowDecision({
      trayHost,
      startHidden: services.settings.get().startHidden,
      launchedAtLogin: lifecycle.launchedAtLogin(),
      platform,
      // Never signed in: a new user must see the app once, whatever the desktop.
      firstRun: sessionViewOf(services.session).accounts.length === 0,
    });
    services.desktop.trayHelp(firstShow.trayHelp ?? null);
    if (firstShow.show) popup.show();
  });
}
