import type { Alert } from './alerts/alert-decisions';
import { AlertService } from './alerts/alert-service';
import { openNotifiedAlerts } from './alerts/notified-alerts';
import { createProxyServiceClient } from './api/proxy-service-client';
import type { ClipboardPort } from './clipboard/clipboard-port';
import { ClipboardGuard } from './clipboard/clipboard-guard';
import { DesktopStatusService } from './desktop-status/desktop-status-service';
import type { ShortcutPort } from './desktop-status/shortcut-port';
import type { SaveFile } from './export/save-export';
import type { UseCases } from './app/use-case-types';
import { createCommandUseCases, createUseCases, type CommandUseCases } from './app/use-cases';
import { startReactions } from './app/reactions';
import { openHostChoiceStore, type HostChoiceStore } from './credentials/host-choice-store';
import { openFavoritesStore, type FavoritesStore } from './favorites/favorites-store';
import { openLabelStore, type LabelStore } from './labels/label-store';
import type { Log } from './logging/log-port';
import type { OpenLogsFolderResult } from './logging/logs-folder';
import { BrowserLauncher } from './browser/browser-launcher';
import { BrowserOpener } from './browser/browser-opener';
import { systemBrowserFacts } from './browser/browser-system-facts';
import { openKeptPortsStore } from './local-ports/kept-ports-store';
import { startLocalPort } from './local-ports/local-port';
import { checkProbe } from './pool/check-probe';
import { startPoolPort } from './pool/pool-port';
import { openKeptPoolsStore } from './pool/kept-pools-store';
import { PoolPortsService } from './pool/pool-ports-service';
import { poolsListingOf } from './app/pools-listing';
import { LocalPortsService } from './local-ports/local-ports-service';
import { PlansService } from './plans/plans-service';
import { openPlansCache } from './plans-cache/plans-cache';
import { ProxyCheckService } from './proxy-check/proxy-check-service';
import { RefreshScheduler, type Timers } from './plans/refresh-scheduler';
import { SessionService } from './session/session-service';
import type { TokenVault } from './session/token-vault';
import type { CreateConfStore } from './store/conf-file';
import { settingsAccountRegistry } from './settings/settings-account-registry';
import { portConnectionLimits } from './local-ports/port-connection-limits';
import { openSettingsStore, type SettingsStore } from './settings/settings-store';
import { UpdateService } from './updates/update-service';
import {
  createCommandLinkInstaller,
  type CommandLinkInstallerOptions,
} from './terminal-command/command-link-installer';
import type { Updater } from './updates/updater';
import path from 'node:path';
import type { IpcEvent } from '../shared/ipc/channel-names';
import type { IpcEventPayload } from '../shared/ipc/contract';

/** Plans younger than this are not reloaded when the popup opens: opening must feel instant. */
export const POPUP_REFRESH_AFTER_MS = 60_000;
/** A probe that readmits a benched pool member: a check's deadline, kept short (it runs unseen). */
const POOL_PROBE_TIMEOUT_MS = 10_000;
export interface MainServicesOptions {
  /** electron-store in the app, conf in tests and in the browser harness. */
  createStore: CreateConfStore;
  vault: TokenVault;
  clipboard: ClipboardPort;
  /** Saves an export where the user picks: a save dialog in the app, a download in the harness. */
  saveFile: SaveFile;
  /** How events reach the popup: IPC in the app, a WebSocket in the harness. */
  emit: <Event extends IpcEvent>(event: Event, payload: IpcEventPayload<Event>) => void;
  hidePopup: () => void;
  quit: () => void;
  /**
   * The system-wide shortcut that opens the popup, set from the settings at start and again at
   * once when they change; none where omitted.
   */
  shortcut?: ShortcutPort;
  /** A desktop notification (Electron's Notification in the app); none where omitted. */
  notify?: (alert: Alert) => void;
  /** Where "open a browser through this proxy" makes its profile folders. */
  browserProfilesDir: string;
  /**
   * Switches for browsers opened through a port: `--headless=new` on a machine without a
   * display (the tests), loopback pages through the port (the harness's local echo).
   */
  browserLaunch?: { extraArgs?: readonly string[]; proxyLoopback?: boolean };
  /** Where failures nobody asked about are written: the log file in the app and the harness. */
  log: Log;
  /** Shows the log file's folder: Electron's shell in the app, a recorder in the harness. */
  openLogsFolder: () => Promise<OpenLogsFolderResult>;
  timers?: Timers;
  /**
   * See LocalPortsService's and PoolPortsService's `reopenKept`: false for a command line that
   * answers and exits.
   */
  reopenKeptPorts?: boolean;
  /**
   * The app's own updater (electron-updater's autoUpdater), in an installed build only; without
   * one, updates are unavailable.
   */
  updater?: Updater;
  /**
   * Where Settings links the `proxy-tray` command and how it asks for an administrator: macOS,
   * where no installer puts the command on PATH. Elsewhere omitted, and Settings shows nothing.
   */
  terminalCommand?: CommandLinkInstallerOptions;
}

export interface MainServices {
  settings: SettingsStore;
  labels: LabelStore;
  hostChoices: HostChoiceStore;
  favorites: FavoritesStore;
  session: SessionService;
  plans: PlansService;
  clipboard: ClipboardGuard;
  alerts: AlertService;
  checks: ProxyCheckService;
  updates: UpdateService;
  desktop: DesktopStatusService;
  localPorts: LocalPortsService;
  pools: PoolPortsService;
  /** What every client asks of the app: the popup over IPC, the tray, the preview, the tests. */
  useCases: UseCases;
  /** What a script may ask (the command line, in-process or over its socket). */
  commands: CommandUseCases;
  /** Restores the session from the keychain and starts the refresh schedule. */
  start(): Promise<void>;
  /** When the popup is shown: reload plans that are not fresh. */
  popupOpened(): Promise<void>;
  /** Before quitting: stops timers and clears the clipboard if it still holds our copy. */
  shutdown(): Promise<void>;
}

/**
 * The main process's services, built and wired once. The app, the browser harness and the tests
 * all build this same graph; only the stores' backend, the vault, the clipboard and the event
 * transport differ.
 */
export function createMainServices(options: MainServicesOptions): MainServices {
  const { log } = options;
  const logFailure = (what: string) => (error: unknown) => log.error(`${what}:`, error);
  const settings = openSettingsStore({ createStore: options.createStore });
  const labels = openLabelStore({ createStore: options.createStore });
  const hostChoices = openHostChoiceStore({ createStore: options.createStore });
  const favorites = openFavoritesStore({ createStore: options.createStore });
  const session = new SessionService({
    vault: options.vault,
    registry: settingsAccountRegistry(settings),
    createClient: createProxyServiceClient,
    expiryWarningDays: () => settings.get().alertWarningDays,
    onListenerError: logFailure('A listener of the session failed'),
  });
  const plansCache = openPlansCache({
    // Beside the stores, in the data folder that only the user may enter.
    dir: path.join(path.dirname(settings.path), 'plans-cache'),
    onError: logFailure('Keeping the plans on this computer failed'),
  });
  const plans = new PlansService({
    session: {
      // A rejected session still names its account, so its last plans stay on screen.
      activeAccountId: () => session.status().account?.id,
      client: () => session.client(),
      reportRejected: () => session.reportRejected(),
      cacheKey: () => session.cacheKey(),
    },
    labels,
    cache: plansCache,
  });
  const scheduler = new RefreshScheduler({
    refresh: () => plans.refresh(),
    intervalMs: () => settings.get().refreshIntervalMinutes * 60_000,
    hasAccount: () => session.client() !== undefined,
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const clipboard = new ClipboardGuard({
    clipboard: options.clipboard,
    clearAfterMs: () => settings.get().clipboardClearSeconds * 1000,
    onError: logFailure('Clearing the clipboard failed'),
    onCleared: () => options.emit('clipboard:cleared', null),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const alerts = new AlertService({
    notified: openNotifiedAlerts({ createStore: options.createStore }),
    notify: options.notify ?? (() => {}),
    warnDays: () => settings.get().alertWarningDays,
  });
  const checks = new ProxyCheckService({
    resolveTarget: (proxyId) => {
      const proxy = plans.proxy(proxyId);
      return {
        host: proxy.ip,
        port: proxy.port,
        username: proxy.username,
        password: proxy.password,
        assignedIpv4: proxy.assigned_proxy_ipv4,
        assignedIpv6: proxy.assigned_proxy_ipv6,
      };
    },
    echoUrl: () => settings.get().checkEchoUrl,
    protocol: () => settings.get().checkProtocol,
    concurrency: () => settings.get().checkConcurrency,
    onChange: (view) => options.emit('checks:changed', view),
  });
  const updates = new UpdateService({
    ...(options.updater ? { updater: options.updater } : {}),
    automatic: () => settings.get().checkForUpdates,
    onError: logFailure('Checking for updates failed'),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  const desktop = new DesktopStatusService();
  const keptPorts = openKeptPortsStore({ createStore: options.createStore });
  const localPorts = new LocalPortsService({
    plans,
    start: startLocalPort,
    kept: keptPorts,
    ...(options.reopenKeptPorts === undefined ? {} : { reopenKept: options.reopenKeptPorts }),
    defaultProtocol: () => settings.get().checkProtocol,
    maxPorts: () => settings.get().localPortsMax,
    connectionLimits: () => portConnectionLimits(settings.get()),
    onChange: (notice) =>
      options.emit('local-ports:changed', {
        ports: localPorts.list(),
        ...(notice === undefined ? {} : { notice }),
      }),
  });
  const keptPools = openKeptPoolsStore({ createStore: options.createStore });
  const pools: PoolPortsService = new PoolPortsService({
    kept: keptPools,
    ...(options.reopenKeptPorts === undefined ? {} : { reopenKept: options.reopenKeptPorts }),
    listing: () => poolsListingOf({ plans, favorites, checks, settings }),
    start: startPoolPort,
    probe: checkProbe({
      echoUrl: () => settings.get().checkEchoUrl,
      timeoutMs: POOL_PROBE_TIMEOUT_MS,
    }),
    defaultProtocol: () => settings.get().checkProtocol,
    maxPools: () => settings.get().localPortsMax,
    connectionLimits: () => portConnectionLimits(settings.get()),
    onChange: (notice) =>
      options.emit('pool-ports:changed', {
        pools: pools.list(),
        ...(notice === undefined ? {} : { notice }),
      }),
  });
  const browsers = new BrowserOpener({
    launcher: new BrowserLauncher({ profilesDir: options.browserProfilesDir }),
    facts: () => systemBrowserFacts(settings.get().browserPath),
    startUrl: () => settings.get().checkEchoUrl,
    ...options.browserLaunch,
  });
  const applyShortcut = () => {
    // globalHotkey is the shortcut: the settings file's key, kept as files already have it.
    if (options.shortcut)
      desktop.shortcutApplied(options.shortcut.set(settings.get().globalHotkey));
  };
  const useCases = createUseCases({
    session,
    plans,
    settings,
    labels,
    hostChoices,
    favorites,
    clipboard,
    checks,
    alerts,
    updates,
    desktop,
    localPorts,
    pools,
    keptPorts,
    keptPools,
    browsers,
    saveFile: options.saveFile,
    ...(options.terminalCommand
      ? { terminalCommand: createCommandLinkInstaller(options.terminalCommand) }
      : {}),
    openLogsFolder: options.openLogsFolder,
    hidePopup: options.hidePopup,
    quit: options.quit,
    log,
  });

  startReactions(
    {
      session,
      plans,
      plansCache,
      settings,
      favorites,
      alerts,
      checks,
      updates,
      desktop,
      localPorts,
      pools,
      scheduler,
    },
    { emit: options.emit, applyShortcut, logFailure },
  );

  return {
    settings,
    labels,
    hostChoices,
    favorites,
    session,
    plans,
    clipboard,
    alerts,
    checks,
    updates,
    desktop,
    localPorts,
    pools,
    useCases,
    commands: createCommandUseCases(useCases, {
      plans,
      settings,
      hostChoices,
      localPorts,
      pools,
    }),
    async start() {
      // Before the keychain answers: the shortcut opens the popup, which says it is starting.
      applyShortcut();
      void browsers.removeStale().catch(logFailure('Removing old browser profiles failed'));
      await session.restore();
      scheduler.reschedule();
      updates.start();
    },
    async popupOpened() {
      await plans.refreshIfOlderThan(POPUP_REFRESH_AFTER_MS);
    },
    async shutdown() {
      options.shortcut?.dispose();
      scheduler.stop();
      updates.stop();
      checks.forget();
      await Promise.all([
        clipboard.clearOnQuit(),
        localPorts.closeAll(),
        pools.closeAll(),
        browsers.closeAll(),
        plansCache.close(),
      ]);
    },
  };
}
