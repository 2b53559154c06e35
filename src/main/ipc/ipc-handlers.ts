import { planChoiceAfterPick } from '../../shared/credentials/host-choice';
import { refreshOutcomeOf } from '../../shared/ipc/refresh-outcome';
import type { SessionView } from '../../shared/ipc/session-view';
import type { AlertService } from '../alerts/alert-service';
import type { ClipboardGuard } from '../clipboard/clipboard-guard';
import { copyCredentials } from '../copy/copy-credentials';
import type { DesktopStatusService } from '../desktop/desktop-status-service';
import { saveExport, type SaveFile } from '../export/save-export';
import type { FavoritesStore } from '../favorites/favorites-store';
import type { Log } from '../logging/log-port';
import type { PlansService } from '../plans/plans-service';
import type { ProxyCheckService } from '../proxy-check/proxy-check-service';
import type { SessionService } from '../session/session-service';
import type { SessionResult } from '../session/session-status';
import type { SettingsStore } from '../settings/settings-store';
import type { HostChoiceStore } from '../host-choices/host-choice-store';
import type { LabelStore } from '../labels/label-store';
import type { BrowserOpener } from '../local-ports/browser-opener';
import type { KeptPortsStore } from '../local-ports/kept-ports-store';
import { localPortUrl } from '../local-ports/local-port-url';
import type { LocalPortsService } from '../local-ports/local-ports-service';
import type { OpenLogsFolderResult } from '../logging/logs-folder';
import type { StoreRecovery } from '../store/store-recovery';
import type { UpdateService } from '../updates/update-service';
import { UserFacingError } from '../errors/user-facing-error';
import type { IpcHandlers } from './ipc-dispatcher';
import { refuseUnlisted } from './unlisted-proxies';
import { favoritesViewOf, sessionViewOf, settingsViewOf } from '../app/views';

/** What the handlers work with: the main process's services, and what the shell owns. */
export interface IpcServices {
  session: SessionService;
  plans: PlansService;
  settings: SettingsStore;
  labels: LabelStore;
  hostChoices: HostChoiceStore;
  favorites: FavoritesStore;
  clipboard: ClipboardGuard;
  checks: ProxyCheckService;
  alerts: AlertService;
  updates: UpdateService;
  desktop: DesktopStatusService;
  localPorts: LocalPortsService;
  keptPorts: Pick<KeptPortsStore, 'recovery'>;
  browsers: BrowserOpener;
  saveFile: SaveFile;
  /** Shows the log file's folder in the system's file manager. */
  openLogsFolder(): Promise<OpenLogsFolderResult>;
  hidePopup(): void;
  quit(): void;
  /** Where a failure the popup need not hear about is written (a copy not recorded as recent). */
  log: Log;
}

/**
 * The popup's requests as plain async functions over the services: no Electron here, so the app,
 * the browser harness and the tests all run these same functions.
 */
export function createIpcHandlers(services: IpcServices): IpcHandlers {
  const { session, plans, settings, clipboard } = services;
  let noticesDelivered = false;
  const sessionView = () => sessionViewOf(session);
  const settingsView = () => settingsViewOf(settings.get());
  const afterSessionChange = async (result: Promise<SessionResult>): Promise<SessionView> => {
    const outcome = await result;
    if (!outcome.ok) {
      const { error } = outcome;
      throw error.kind === 'keychain'
        ? new UserFacingError('keychain', error.message, true)
        : new UserFacingError(error.kind, error.message);
    }
    return sessionView();
  };
  const favoritesView = () => favoritesViewOf(session.status().account?.id, services.favorites);
  const planHostChoices = () => {
    const accountId = session.status().account?.id ?? null;
    const choices = accountId === null ? [] : [...services.hostChoices.ofAccount(accountId)];
    return { accountId, plans: choices.map(([planId, hostChoice]) => ({ planId, hostChoice })) };
  };
  const activeClient = () => {
    const client = session.client();
    if (!client) throw new UserFacingError('signed_out', 'Sign in to see your account.');
    return client;
  };

  return {
    'session:status': async () => sessionView(),
    'session:sign-in': (input) => afterSessionChange(session.signIn(input)),
    'session:sign-out': (input) => afterSessionChange(session.signOut(input.accountId)),
    'session:switch-account': (input) => afterSessionChange(session.switchAccount(input.accountId)),
    'account:get': () => activeClient().getAccount(),
    'plans:list': async () => plans.snapshot(),
    'plans:refresh': async () => refreshOutcomeOf(await plans.refresh()),
    'proxy:set-rotation': async (input) => {
      await plans.setRotation(input.proxyId, input.isRotating);
      return null;
    },
    'proxy:set-interval': async (input) => {
      await plans.setRotateInterval(input.proxyId, input.seconds);
      return null;
    },
    'proxy:set-label': async (input) => {
      await plans.setLabel(input.proxyId, input.label);
      return null;
    },
    'proxy:reveal-password': async (input) => ({ password: plans.proxy(input.proxyId).password }),
    'credentials:copy': async (input) => {
      const copied = await copyCredentials(
        { plans, settings, hostChoices: services.hostChoices, clipboard },
        input,
      );
      // The copy is done: a recent list that cannot be saved must not make it look failed.
      try {
        services.favorites.recordCopy(copied.accountId, input.proxyId);
      } catch (error) {
        services.log.error('Recording a copy among the recent proxies failed:', error);
      }
      return {
        description: copied.description,
        clearsInSeconds: copied.clearsInSeconds,
        ...(copied.colonWarning ? { colonWarning: copied.colonWarning } : {}),
      };
    },
    'proxy:set-pinned': async (input) => {
      const { accountId } = plans.entry(input.proxyId);
      services.favorites.setPinned(accountId, input.proxyId, input.pinned);
      return favoritesView();
    },
    'favorites:list': async () => favoritesView(),
    'local-ports:list': async () => services.localPorts.list(),
    'local-ports:open': (input) => services.localPorts.open(input),
    'local-ports:configure': (input) => services.localPorts.configure(input),
    'local-ports:close': async (input) => {
      await services.localPorts.close(input.proxyId);
      return null;
    },
    'local-ports:open-browser': async (input) => {
      const port = await services.localPorts.open({ proxyId: input.proxyId });
      const keepProfile =
        input.keepProfile ?? services.localPorts.keepsBrowserProfile(port.proxyId);
      const opened = await services.browsers.open(port, keepProfile);
      return { ...opened, port };
    },
    'local-ports:copy': async (input) => {
      const port = services.localPorts.find(input.proxyId);
      if (!port) throw new UserFacingError('not_found', 'That local port is no longer open.');
      const password = port.requiresPassword
        ? services.localPorts.localPassword(input.proxyId)
        : null;
      // Without a password the address is no secret: it stays on the clipboard.
      await clipboard.copy(localPortUrl(port, input.scheme, password), { secret: !!password });
      const what = input.scheme === 'http' ? 'HTTP' : 'SOCKS5';
      return {
        description: `${what} address of the local port of ${port.title} copied`,
        clearsInSeconds: password ? settings.get().clipboardClearSeconds : 0,
      };
    },
    // Decided here, not in the popup: every client that picks a host gets the same rule.
    'credentials:set-host-choice': async (input) => {
      const { accountId, plan } = plans.entry(input.proxyId);
      const own = planChoiceAfterPick(input.hostChoice, settings.get().hostChoice);
      if (own === undefined) services.hostChoices.forget(accountId, plan.id);
      else services.hostChoices.set(accountId, plan.id, own);
      return planHostChoices();
    },
    'credentials:plan-host-choices': async () => planHostChoices(),
    'credentials:forget-host-choice': async (input) => {
      const accountId = session.status().account?.id;
      if (accountId !== undefined) services.hostChoices.forget(accountId, input.planId);
      return planHostChoices();
    },
    'checks:list': async () => services.checks.view(),
    'checks:start': async (input) => {
      refuseUnlisted(plans, input.proxyIds, 'no check was started');
      return services.checks.start(input.proxyIds);
    },
    'checks:cancel': async () => services.checks.cancel(),
    'export:save': async (input) => {
      refuseUnlisted(plans, input.proxyIds, 'nothing was exported');
      return saveExport(plans.entries(input.proxyIds), input, settings.get(), services.saveFile);
    },
    'alerts:list': async () => [...services.alerts.current()],
    'updates:status': async () => services.updates.status(),
    'updates:check': () => services.updates.checkNow(),
    'updates:restart': async () => {
      if (!services.updates.restart()) {
        throw new UserFacingError('invalid_request', 'No update is ready to install yet.');
      }
      return null;
    },
    'settings:get': async () => settingsView(),
    'settings:update': async (patch) => {
      settings.update(patch);
      return settingsView();
    },
    // Told once per run: a popup that loads again (a crash, a reload) does not repeat them.
    'app:notices': async () => {
      if (noticesDelivered) return [];
      noticesDelivered = true;
      return [
        recoveryNotice('settings', settings.recovery()),
        recoveryNotice('labels', services.labels.recovery()),
        recoveryNotice('host choices', services.hostChoices.recovery()),
        recoveryNotice('pinned and recent proxies', services.favorites.recovery()),
        recoveryNotice('local ports', services.keptPorts.recovery()),
      ].filter((notice): notice is string => notice !== undefined);
    },
    'logs:open-folder': async () => {
      const opened = await services.openLogsFolder();
      if (!opened.ok) {
        throw new UserFacingError(
          'internal',
          `The logs folder could not be opened (${opened.reason}). It is ${opened.folder}`,
        );
      }
      return null;
    },
    'desktop:status': async () => services.desktop.current(),
    'popup:hide': async () => {
      services.hidePopup();
      return null;
    },
    'app:quit': async () => {
      services.quit();
      return null;
    },
  };
}

function recoveryNotice(what: string, recovery: StoreRecovery | undefined): string | undefined {
  if (!recovery) return undefined;
  return `Your ${what} file could not be read as it was, so what could be kept was kept and the rest reset (${recovery.problems.join(' ')}). The original is saved as ${recovery.backupPath}.`;
}
