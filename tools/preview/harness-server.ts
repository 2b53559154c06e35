import { build } from 'esbuild';
import Conf from 'conf';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alert } from '../../src/main/alerts/alert-decisions';
import type { ExportFile } from '../../src/main/export/save-export';
import { ownDataFolder } from '../../src/main/command-line/own-data-folder';
import { dispatchCommand } from '../../src/main/ipc/command-dispatch';
import { dispatchIpc } from '../../src/main/ipc/ipc-dispatcher';
import { openLogsFolder } from '../../src/main/logging/logs-folder';
import {
  createMainServices,
  type MainServices,
  type MainServicesOptions,
} from '../../src/main/main-services';
import { makePrivateFolder } from '../../src/main/store/private-files';
import type { TokenVault } from '../../src/main/session/token-vault';
import { ipcEventContract } from '../../src/shared/ipc/contract';
import { MemoryClipboard } from '../stand-ins/memory-clipboard';
import { EventStream } from './event-stream';
import { harnessLog, logsFolderOf } from './harness-log';
import { createGlobalShortcut } from '../../src/main/shell/global-shortcut';
import { RecordingShortcutRegistry } from '../stand-ins/shortcut-registry';
import { HarnessUpdater } from './harness-updater';
import { harnessTerminalCommand, type HarnessTerminalCommand } from './harness-terminal-command';
import { BadRequestError, optionalText, readJsonObject } from './json-body';
import { isFromOwnPage } from './request-origin';
import { HARNESS_BRIDGE_PATH, harnessPopupPage } from './popup-page';
import { PreviewKey } from './preview-key';
import { staticFile } from './static-files';

export interface HarnessOptions {
  /** Where the settings and labels files live (a restart over the same dir keeps them). */
  dataDir: string;
  /** The real keychain (KeytarVault) or a memory vault where no keychain is available. */
  vault: TokenVault;
  /** The built popup, `out/renderer` by default. */
  rendererDir?: string;
  port?: number;
  /** Signs in at start when both are given (the demo does). */
  signIn?: { serviceUrl: string; token: string };
  /**
   * Plays an installed build, whose update server the test drives (POST /__harness/update-ready).
   * Otherwise, like any build that is not installed, updates are unavailable.
   */
  installedBuild?: boolean;
  /** Switches for browsers opened through a local port (headless in the tests). */
  browserLaunch?: MainServicesOptions['browserLaunch'];
  /**
   * The system whose installer the harness plays, this machine's by default. `darwin` has none
   * that puts the command on PATH: Settings shows its "proxy-tray command", linked in a folder of
   * `dataDir` (see harnessTerminalCommand). Keys and shortcuts stay this machine's.
   */
  platform?: NodeJS.Platform;
  /** How long to wait for another owner of `dataDir` (a `proxy-tray port`) to stop: 30 s. */
  commandSocketDeadlineMs?: number;
}

export interface Harness {
  /**
   * Where a browser opens the preview: its origin with this run's key, which the first visit
   * trades for a cookie. Printed for the user only; never logged.
   */
  url: string;
  /** `http://127.0.0.1:PORT`, without the key: every route answers 403 to a request without it. */
  origin: string;
  /** The Cookie header the popup's own requests carry once the key is traded. */
  cookie: string;
  /** A request of the preview's own user (a test) to `path`, with the popup's cookie. */
  request(path: string, init?: RequestInit): Promise<Response>;
  services: MainServices;
  /** What Electron would own, observable by tests. */
  clipboard: MemoryClipboard;
  /**
   * `fileManagerAnswer` is what the file manager's stand-in answers "Open logs folder" with, as
   * Electron's shell.openPath does: '' when it opened, else why not (a test may set it).
   */
  shell: {
    hidden: number;
    quitRequested: number;
    logsFolderOpened: number;
    fileManagerAnswer: string;
  };
  /** Where the harness's log (`main.log`, as the app writes it) is. */
  logsFolder: string;
  /** The update server and installer of an installed build (see `installedBuild`). */
  updater: HarnessUpdater;
  /**
   * Where the macOS "proxy-tray command" is linked, and to what, and its folder's owner and
   * password prompt, which a test may set; only when playing macOS.
   */
  terminalCommand?: HarnessTerminalCommand;
  /** Desktop notifications shown, in order; a click is POST /__harness/notification-click. */
  notifications: Alert[];
  /** The desktop's global shortcuts: tests mark some as held by other apps, or press them. */
  shortcuts: RecordingShortcutRegistry;
  /** How many popup pages have their event stream open. */
  connectedPages(): number;
  /**
   * The command line's socket for `dataDir`, which this harness serves as the app would (its base
   * folder is PROXY_TRAY_RUNTIME_DIR when set).
   */
  commandSocket: string;
  /** The key its command socket proves it knows: a client in a test reads it, as the CLI does. */
  commandKeyFile: string;
  close(): Promise<void>;
}

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/**
 * The browser harness: the built popup on 127.0.0.1, wired to the same main-process services and
 * handlers as the app through the same contract. Only the transport differs (HTTP and SSE instead
 * of ipcMain and contextBridge), and the clipboard is a memory stand-in tests can read. Every route
 * requires the run's key (see PreviewKey): it hands out passwords and starts browsers.
 */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const page = await harnessPopupPage(rendererDir);
  const bridgeScript = await bundleBridge();
  // As the app's user-data folder: the stores, the log and the browser profiles for the user alone.
  makePrivateFolder(options.dataDir);
  // Before the services open a file: serving the socket makes this harness the data's owner.
  const started: { services?: MainServices } = {};
  const commands = await ownDataFolder({
    dataDir: options.dataDir,
    owner: 'app',
    access: () => started.services?.settings.get().commandLineAccess ?? false,
    handle: (channel, input) => {
      // Access is off until the services exist, so a request never comes before them.
      if (!started.services) throw new Error('The harness is still starting.');
      return dispatchCommand(started.services.commands, channel, input, (error) =>
        log.error(`The command ${channel} failed:`, error),
      );
    },
    ...(options.commandSocketDeadlineMs === undefined
      ? {}
      : { deadlineMs: options.commandSocketDeadlineMs }),
  });
  const clipboard = new MemoryClipboard();
  const shell = { hidden: 0, quitRequested: 0, logsFolderOpened: 0, fileManagerAnswer: '' };
  const logsFolder = logsFolderOf(options.dataDir);
  // Tokens are masked by the session that holds them, once it exists.
  let maskTokens = (text: string) => text;
  const log = harnessLog(options.dataDir, (text) => maskTokens(text));
  const events = new EventStream();
  const notifications: Alert[] = [];
  const updater = new HarnessUpdater();
  const shortcuts = new RecordingShortcutRegistry();
  // The save dialog's stand-in: the page downloads the file instead (see X-Harness-Download).
  const downloads: ExportFile[] = [];
  let offeredDownload: number | undefined;
  const terminalCommand =
    (options.platform ?? process.platform) === 'darwin'
      ? harnessTerminalCommand(options.dataDir)
      : undefined;
  const services = createMainServices({
    createStore: (storeOptions) => new Conf({ ...storeOptions, cwd: options.dataDir }),
    vault: options.vault,
    clipboard,
    saveFile: async (file) => {
      offeredDownload = downloads.push(file) - 1;
      return { saved: true, path: file.suggestedName };
    },
    notify: (alert) => notifications.push(alert),
    emit: (event, payload) => events.send(event, ipcEventContract[event].parse(payload)),
    hidePopup: () => (shell.hidden += 1),
    shortcut: createGlobalShortcut(
      shortcuts,
      process.platform,
      () => void popupShown('plans', undefined, { byShortcut: true }),
    ),
    quit: () => (shell.quitRequested += 1),
    log,
    browserProfilesDir: join(options.dataDir, 'browser-profiles'),
    ...(options.browserLaunch ? { browserLaunch: options.browserLaunch } : {}),
    // The file manager's stand-in: opening is counted, for the tests to see.
    openLogsFolder: () =>
      openLogsFolder(logsFolder, async () => {
        shell.logsFolderOpened += 1;
        return shell.fileManagerAnswer;
      }),
    ...(options.installedBuild ? { updater } : {}),
    ...(terminalCommand ? { terminalCommand: terminalCommand.options } : {}),
  });
  maskTokens = (text) => services.session.maskTokens(text);
  started.services = services;
  try {
    await services.start();
    if (options.signIn) await services.session.signIn(options.signIn);
  } catch (error) {
    // Not started: the next harness on this folder must not wait for this one.
    await commands.close();
    throw error;
  }

  let origin = '';
  const key = new PreviewKey();
  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof BadRequestError) {
        if (!response.headersSent) send(response, 400, 'text/plain', error.message);
        return;
      }
      log.error('The harness failed to answer:', error);
      if (!response.headersSent) send(response, 500, 'text/plain', 'Harness error');
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Joined, not resolved: a target such as `//elsewhere/` is a path here, not another host. (A
    // target not starting with `/`, as a proxy client writes it, is read as `/`.)
    const target = request.url?.startsWith('/') ? request.url : '/';
    const url = new URL(`${origin}${target}`);
    // Every route, static files and the event stream included: another user of this computer,
    // whatever Origin it writes, must not read the clipboard nor drive the services.
    const access = key.check(request, url);
    if (access.kind === 'refused') return send(response, 403, 'text/plain', NO_KEY);
    // The second wall, for every route too: another local web page must not (see isFromOwnPage).
    if (!isFromOwnPage(request, origin)) return send(response, 403, 'text/plain', 'Forbidden');
    if (access.kind === 'key-accepted') {
      response.writeHead(303, {
        Location: access.location,
        'Set-Cookie': access.setCookie,
        'Cache-Control': 'no-store',
      });
      return void response.end();
    }
    if (request.method === 'POST' && url.pathname.startsWith('/__ipc/')) {
      // The popup's own requests: a browser always sends Origin on a POST, so it must be there.
      if (request.headers.origin !== origin) return send(response, 403, 'text/plain', 'Forbidden');
      const { input } = await readJsonObject(request);
      const channel = decodeURIComponent(url.pathname.slice('/__ipc/'.length));
      offeredDownload = undefined;
      const result = await dispatchIpc(services.useCases, channel, input, (error) =>
        log.error(`The request ${channel} failed:`, error),
      );
      if (offeredDownload !== undefined) {
        response.setHeader('X-Harness-Download', `/__harness/downloads/${offeredDownload}`);
      }
      return send(response, 200, 'application/json', JSON.stringify(result));
    }
    const download = /^\/__harness\/downloads\/(\d+)$/.exec(url.pathname);
    const file = download ? downloads[Number(download[1])] : undefined;
    if (request.method === 'GET' && file) {
      response.setHeader(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.suggestedName)}`,
      );
      return send(response, 200, 'application/octet-stream', file.content);
    }
    if (request.method === 'POST' && url.pathname === '/__harness/notification-click') {
      const key = optionalText(await readJsonObject(request), 'key');
      const clicked = notifications.find((alert) => alert.key === key);
      if (!clicked) return send(response, 404, 'text/plain', 'No such notification');
      await popupShown('plans', clicked.planId);
      return send(response, 204, 'text/plain', '');
    }
    if (request.method === 'POST' && url.pathname === '/__harness/update-ready') {
      if (!options.installedBuild)
        return send(response, 409, 'text/plain', 'Not an installed build');
      const version = optionalText(await readJsonObject(request), 'version');
      if (!version) return send(response, 400, 'text/plain', 'No version');
      // The update server offers it; the check a schedule would run finds and downloads it.
      updater.offer(version);
      await services.updates.checkNow();
      return send(response, 204, 'text/plain', '');
    }
    if (request.method === 'POST' && url.pathname === '/__harness/update-server-down') {
      if (!options.installedBuild)
        return send(response, 409, 'text/plain', 'Not an installed build');
      updater.goDown();
      return send(response, 204, 'text/plain', '');
    }
    if (request.method === 'GET' && url.pathname === '/__events') {
      // A page that connects is a popup being shown.
      return events.open(response, () => void popupShown());
    }
    if (request.method === 'GET' && url.pathname === HARNESS_BRIDGE_PATH) {
      return send(response, 200, 'text/javascript; charset=utf-8', bridgeScript);
    }
    if (request.method === 'POST' && url.pathname === '/__harness/show') {
      const panel = optionalText(await readJsonObject(request), 'panel');
      if (panel !== undefined && panel !== 'plans' && panel !== 'settings') {
        return send(response, 400, 'text/plain', '"panel" must be plans or settings.');
      }
      await popupShown(panel);
      return send(response, 204, 'text/plain', '');
    }
    if (request.method === 'GET' && url.pathname === '/__harness/state') {
      return send(
        response,
        200,
        'application/json',
        JSON.stringify({
          clipboard: clipboard.text,
          ...shell,
          notifications,
          updateChecks: updater.checks,
          updateRestarts: updater.restarts,
        }),
      );
    }
    if (request.method === 'GET' && (url.pathname === '/' || url.pathname === '/index.html')) {
      return send(response, 200, 'text/html; charset=utf-8', page);
    }
    const asset =
      request.method === 'GET' ? await staticFile(rendererDir, url.pathname) : undefined;
    if (asset) return send(response, 200, asset.contentType, asset.body);
    send(response, 404, 'text/plain', 'Not found');
  }

  async function popupShown(
    panel: 'plans' | 'settings' = 'plans',
    planId?: number,
    { byShortcut = false } = {},
  ) {
    // Opened at a plan (a notification's click), the popup scrolls there: no focus on the search.
    const focusSearch = panel === 'plans' && planId === undefined;
    events.send(
      'popup:shown',
      ipcEventContract['popup:shown'].parse({
        focusSearch,
        panel,
        planId,
        ...(byShortcut ? { byShortcut } : {}),
      }),
    );
    await services.popupOpened();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookie = key.cookieAt(origin);
  return {
    url: key.addressAt(origin),
    origin,
    cookie,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      return fetch(new URL(path, origin), { ...init, headers });
    },
    services,
    clipboard,
    shell,
    logsFolder,
    updater,
    notifications,
    shortcuts,
    ...(terminalCommand ? { terminalCommand: terminalCommand.control } : {}),
    connectedPages: () => events.listeners,
    commandSocket: commands.path,
    commandKeyFile: commands.keyFile,
    async close() {
      events.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.shutdown();
      // Last: the data is free for the next owner only once the services wrote what waited.
      await commands.close();
    },
  };
}

const NO_KEY =
  'Forbidden: this preview answers its own user only. Open the address it printed, with its key.';

async function bundleBridge(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./harness-bridge.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  response.end(body);
}
