import Conf from 'conf';
import nodeLog from 'electron-log/node';
import path from 'node:path';
import { commandContract } from '../../shared/command-line/command-contract';
import { dispatchCall } from '../../main/ipc/ipc-dispatcher';
import { configureLog } from '../../main/logging/configure-log';
import { openLogsFolder } from '../../main/logging/logs-folder';
import { createMainServices, type MainServices } from '../../main/main-services';
import { makePrivateFolder } from '../../main/store/private-files';
import type { TokenVault } from '../../main/session/token-vault';
import { failureOfAnswer } from '../cli-failure';
import type { AppConnection } from './app-connection';

export interface StandaloneOptions {
  /** The app's data folder: its settings, labels, kept ports and plans cache. */
  dataFolder: string;
  vault: TokenVault;
  /** A foreground `port` reopens the kept ports like the app; a one-answer command leaves them. */
  reopenKeptPorts: boolean;
  /** Resolves when the process is asked to stop (SIGINT, SIGTERM). */
  stopped: () => Promise<void>;
}

/** The command line on its own: the app's services, built in this process over the app's data. */
export interface StandaloneApp extends AppConnection {
  readonly services: MainServices;
}

/**
 * Builds the same service graph as the app over the same folder and keychain entry, without
 * Electron: no clipboard (the command line prints instead), no save dialog (exports come back as
 * text through `cli:export`), no popup. Failures nobody asked about go to the data folder's log,
 * never to stdout, where a script reads its answer.
 */
export function startStandalone(options: StandaloneOptions): StandaloneApp {
  makePrivateFolder(options.dataFolder);
  const logsFolder = path.join(options.dataFolder, 'logs');
  let maskTokens = (text: string) => text;
  const log = configureLog(nodeLog.create({ logId: 'proxy-tray' }), {
    directory: logsFolder,
    console: false,
    maskKnownSecrets: (text) => maskTokens(text),
  });
  const services = createMainServices({
    createStore: (storeOptions) => new Conf({ ...storeOptions, cwd: options.dataFolder }),
    vault: options.vault,
    clipboard: {
      // Nothing of the command line copies: it prints. A copy asked for over a channel says so.
      readText: async () => '',
      writeText: async () => {
        throw new Error('The command line has no clipboard: it prints what you ask for.');
      },
      clear: async () => {},
    },
    saveFile: async () => ({ saved: false }),
    emit: () => {},
    hidePopup: () => {},
    quit: () => {},
    log,
    openLogsFolder: () => openLogsFolder(logsFolder, async () => 'There is no file manager here.'),
    browserProfilesDir: path.join(options.dataFolder, 'browser-profiles'),
    reopenKeptPorts: options.reopenKeptPorts,
  });
  maskTokens = (text) => services.session.maskTokens(text);
  return {
    servedBy: 'this-process',
    services,
    async call(channel, ...[input]) {
      const result = await dispatchCall(
        commandContract,
        services.commands,
        channel,
        input,
        (error) => log.error(`The command line's ${channel} failed:`, error),
      );
      if (!result.ok) throw failureOfAnswer(result.error);
      return result.value as never;
    },
    serveUntilStopped: options.stopped,
    close: () => services.shutdown(),
  };
}
