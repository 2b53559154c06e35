import type { z } from 'zod';
import type { IpcChannel } from '../../shared/ipc/channel-names';
import type { ipcContract } from '../../shared/ipc/contract';
import type { AlertService } from '../alerts/alert-service';
import type { ClipboardGuard } from '../clipboard/clipboard-guard';
import type { DesktopStatusService } from '../desktop-status/desktop-status-service';
import type { SaveFile } from '../export/save-export';
import type { FavoritesStore } from '../favorites/favorites-store';
import type { HostChoiceStore } from '../credentials/host-choice-store';
import type { LabelStore } from '../labels/label-store';
import type { BrowserOpener } from '../browser/browser-opener';
import type { KeptPortsStore } from '../local-ports/kept-ports-store';
import type { KeptPoolsStore } from '../pool/kept-pools-store';
import type { PoolPortsService } from '../pool/pool-ports-service';
import type { LocalPortsService } from '../local-ports/local-ports-service';
import type { Log } from '../logging/log-port';
import type { OpenLogsFolderResult } from '../logging/logs-folder';
import type { PlansService } from '../plans/plans-service';
import type { ProxyCheckService } from '../proxy-check/proxy-check-service';
import type { SessionService } from '../session/session-service';
import type { SettingsStore } from '../settings/settings-store';
import type { UpdateService } from '../updates/update-service';
import type { CommandLinkInstaller } from '../terminal-command/command-link-installer';

/**
 * What a user can ask of the app, one plain async function per channel of the contract, given its
 * validated input. Every client calls these same functions: the popup over IPC (the dispatcher
 * validates both sides), the tray in-process, the browser preview over HTTP, the tests directly.
 */
export type UseCases = {
  [Channel in IpcChannel]: (
    input: z.output<(typeof ipcContract)[Channel]['input']>,
  ) => Promise<z.input<(typeof ipcContract)[Channel]['output']>>;
};

/** The use cases of the channels named `<area>:…`, for one area's file. */
export type UseCasesOf<Area extends string> = Pick<
  UseCases,
  Extract<IpcChannel, `${Area}:${string}`>
>;

/** What the use cases work with: the main process's services, and what the shell owns. */
export interface AppServices {
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
  pools: PoolPortsService;
  keptPorts: Pick<KeptPortsStore, 'recovery'>;
  keptPools: Pick<KeptPoolsStore, 'recovery'>;
  browsers: BrowserOpener;
  saveFile: SaveFile;
  /** Puts the `proxy-tray` command on PATH; only where no installer does (macOS). */
  terminalCommand?: CommandLinkInstaller;
  /** Shows the log file's folder in the system's file manager. */
  openLogsFolder(): Promise<OpenLogsFolderResult>;
  hidePopup(): void;
  quit(): void;
  /** Where a failure the user need not hear about is written (a copy not recorded as recent). */
  log: Log;
}
