import { app, dialog } from 'electron';
import ElectronStore from 'electron-store';
import { join } from 'node:path';
import type { IpcEvent } from '../shared/ipc/channel-names';
import type { IpcEventPayload } from '../shared/ipc/contract';
import { sessionViewOf } from './ipc/views';
import { createMainServices, type MainServices } from './main-services';
import { APP_KEYCHAIN_SERVICE, KeytarVault } from './session/keytar-vault';
import { setUpLifecycle } from './shell/app-lifecycle';
import { createAutoUpdater } from './shell/auto-updater';
import { electronClipboard } from './shell/clipboard';
import { showDesktopNotification } from './shell/desktop-notification';
import { createGlobalHotkey } from './shell/global-hotkey';
import { registerIpcHandlers, sendIpcEvent } from './shell/ipc-main-bridge';
import { createPopupWindow, type PopupWindow } from './shell/popup-window';
import { saveWithDialog } from './shell/save-dialog';
import { installSmokeProbe } from './shell/smoke-probe';
import { createTray, type TrayController } from './shell/tray';
import { assetsDirectory } from './shell/tray-icons';
import { readyUpdateVersion, trayMenuInputOf } from './shell/tray-menu-input';

// Composition root: builds the plain-Node services and hands them to Electron's glue. Everything
// with behaviour lives in those modules and is tested in Node; this file only connects them.

/** The events that change what the tray's menu and tooltip show. */
const TRAY_EVENTS = new Set<IpcEvent>([
  'plans:changed',
  'session:changed',
  'alerts:changed',
  'updates:changed',
]);

function reportError(error: unknown): void {
  // Internal errors only: service and keychain errors reach the popup as data, and no error
  // built by this app carries a token.
  console.error('Proxy Tray:', error instanceof Error ? (error.stack ?? error.message) : error);
}

const lifecycle = setUpLifecycle({ onSecondInstance: () => popup?.show() });
let popup: PopupWindow | undefined;
let tray: TrayController | undefined;
/** Where the next showing of the popup opens: a panel, or the plan a notification was about. */
let pendingShow: { panel?: 'settings'; planId?: number } = {};

if (!lifecycle.ok) {
  app.quit();
} else {
  void app.whenReady().then(async () => {
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
        onError: reportError,
        // Development runs have no app-update.yml and nothing to replace: no updater at all.
        ...(app.isPackaged
          ? { updater: createAutoUpdater({ beforeQuitForUpdate: () => popup?.destroy() }) }
          : {}),
      });
    } catch (error) {
      // The settings or labels file could not be read or backed up: say so rather than lose it.
      dialog.showErrorBox(
        'Proxy Tray cannot start',
        error instanceof Error ? error.message : String(error),
      );
      app.exit(1);
      return;
    }

    const updateTray = () =>
      tray?.update(
        {
          ...trayMenuInputOf(sessionViewOf(services.session), services.plans.snapshot()),
          alerts: services.alerts.attentionCount,
          updateVersion: readyUpdateVersion(services.updates.status()),
        },
        {
          open: () => popup?.show(),
          quickCopy: (proxyId) =>
            void services.handlers['credentials:copy']({ proxyId }).catch(reportError),
          refresh: () => void services.plans.refresh(),
          switchAccount: (accountId) => void services.session.switchAccount(accountId),
          openSettings: () => {
            pendingShow = { panel: 'settings' };
            popup?.show({ focusSearch: false });
          },
          signOut: () => void services.session.signOut(),
          quit: () => app.quit(),
          restartToUpdate: () => services.updates.restart(),
        },
      );

    function onEvent<Event extends IpcEvent>(event: Event, payload: IpcEventPayload<Event>): void {
      if (popup) sendIpcEvent(popup.webContents, event, payload);
      if (TRAY_EVENTS.has(event)) {
        updateTray();
      }
    }

    popup = createPopupWindow({
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      rendererDir: join(import.meta.dirname, '../renderer'),
      getTrayBounds: () => tray?.getBounds(),
      // The popup's own Escape first clears the search, and asks main to hide only when it is empty.
      hideOnEscape: false,
      onShown: ({ focusSearch }) => {
        if (popup)
          sendIpcEvent(popup.webContents, 'popup:shown', {
            focusSearch,
            panel: pendingShow.panel ?? 'plans',
            ...(pendingShow.planId === undefined ? {} : { planId: pendingShow.planId }),
          });
        pendingShow = {};
        services.popupOpened().catch(reportError);
      },
    });
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
    installSmokeProbe({ tray, popup, clickTray });
    registerIpcHandlers({
      handlers: services.handlers,
      isTrustedSender: (frame) => popup?.isTrustedSender(frame) ?? false,
      onInternalError: reportError,
    });

    const hotkey = createGlobalHotkey(() => popup?.show({ focusSearch: true }));
    const applySystemSettings = () => {
      const settings = services.settings.get();
      const registered = hotkey.set(settings.globalHotkey);
      if (!registered.ok) reportError(new Error(registered.message));
      void lifecycle.applyLoginItem({ openAtLogin: settings.openAtLogin }).then((result) => {
        if (!result.ok) reportError(new Error(result.message));
      });
    };
    services.settings.onChange(applySystemSettings);
    applySystemSettings();

    lifecycle.beforeQuit.add('stop services and clear our clipboard copy', () =>
      services.shutdown(),
    );
    lifecycle.beforeQuit.add('release the global shortcut', () => hotkey.dispose());

    await services.start();
    updateTray();
    if (!services.settings.get().startHidden && !lifecycle.launchedAtLogin()) popup.show();
  });
}
