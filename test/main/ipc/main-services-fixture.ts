import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Alert } from '../../../src/main/alerts/alert-decisions';
import {
  createMainServices,
  type MainServices,
  type MainServicesOptions,
} from '../../../src/main/main-services';
import { writeExportFile } from '../../../src/main/export/write-export-file';
import { dispatchIpc } from '../../../src/main/ipc/ipc-dispatcher';
import { openLogsFolder } from '../../../src/main/logging/logs-folder';
import type { IpcChannel, IpcEvent } from '../../../src/shared/ipc/channel-names';
import type { IpcInput, IpcOutput } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/ipc-error';
import { MemoryClipboard } from '../../../tools/stand-ins/memory-clipboard';
import { RecordingLog } from '../logging/recording-log';
import { useTestKeychain } from '../session/test-keychain';
import { confIn, useTempDir } from '../store/temp-store-dir';

/**
 * The main process as the app builds it — real settings and label files in a temp dir, the real
 * keychain, real HTTP — with a memory clipboard and an event recorder in place of what Electron
 * owns. `app.call(channel, input)` goes through the same dispatcher as an IPC message.
 */
export function useMainProcess() {
  const dir = useTempDir();
  const keychain = useTestKeychain();
  const running: MainServices[] = [];
  afterEach(async () => {
    for (const services of running.splice(0)) await services.shutdown();
  });

  return {
    dir,
    keychain,
    /** `extra`: what a test gives the services beyond the defaults (a shortcut, say). */
    start(extra: Partial<MainServicesOptions> = {}) {
      const clipboard = new MemoryClipboard();
      const events: { event: IpcEvent; payload: unknown }[] = [];
      const internalErrors: unknown[] = [];
      const counters = { hidden: 0, quit: 0 };
      const notifications: Alert[] = [];
      // The save dialog stands in for the user: it picks a file in the temp dir, or cancels.
      const saveDialog = { answer: 'save' as 'save' | 'cancel', offered: [] as string[] };
      const log = new RecordingLog();
      // The file manager stands in too: it records what it was asked to open, and answers as
      // Electron's shell.openPath does ('' or why not).
      const fileManager = { opened: [] as string[], answer: '' };
      const services = createMainServices({
        createStore: confIn(dir()),
        vault: keychain.vault(),
        clipboard,
        saveFile: async ({ suggestedName, content }) => {
          saveDialog.offered.push(suggestedName);
          if (saveDialog.answer === 'cancel') return { saved: false };
          const path = join(dir(), suggestedName);
          await writeExportFile(path, content);
          return { saved: true, path };
        },
        emit: (event, payload) => events.push({ event, payload }),
        browserProfilesDir: join(dir(), 'browser-profiles'),
        hidePopup: () => (counters.hidden += 1),
        quit: () => (counters.quit += 1),
        notify: (alert) => notifications.push(alert),
        log,
        openLogsFolder: () =>
          openLogsFolder(join(dir(), 'logs'), async (path) => {
            fileManager.opened.push(path);
            return fileManager.answer;
          }),
        ...extra,
      });
      running.push(services);
      const call = <Channel extends IpcChannel>(channel: Channel, input?: IpcInput<Channel>) =>
        dispatchIpc(services.useCases, channel, input, (error) =>
          internalErrors.push(error),
        ) as Promise<IpcResult<IpcOutput<Channel>>>;
      return {
        services,
        clipboard,
        events,
        internalErrors,
        counters,
        notifications,
        saveDialog,
        log,
        fileManager,
        call,
      };
    },
  };
}

/** The value of a successful result, or a failed assertion naming the error. */
export function valueOf<Value>(result: IpcResult<Value>): Value {
  if (!result.ok)
    throw new Error(`Expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** A main process signed in to the reference service as `username`, with its plans loaded. */
export async function startSignedIn(
  main: ReturnType<typeof useMainProcess>,
  service: { baseUrl: string; tokenFor(username: string): string },
  username = 'demo',
) {
  const app = main.start();
  const status = valueOf(
    await app.call('session:sign-in', {
      serviceUrl: service.baseUrl,
      token: service.tokenFor(username),
    }),
  );
  if (status.state !== 'active') throw new Error(`Sign-in left the session ${status.state}`);
  const snapshot = await refreshedPlans(app.call);
  return { ...app, snapshot };
}

/**
 * Reloads the plans and lists them whole: a refresh answers only how it ended (what it found
 * reaches the popup as events), the listing is the snapshot the popup starts from.
 */
export async function refreshedPlans(
  call: ReturnType<ReturnType<typeof useMainProcess>['start']>['call'],
) {
  valueOf(await call('plans:refresh'));
  return valueOf(await call('plans:list'));
}
