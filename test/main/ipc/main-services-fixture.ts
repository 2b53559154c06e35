import { afterEach } from 'vitest';
import type { Alert } from '../../../src/main/alerts/alert-decisions';
import { createMainServices, type MainServices } from '../../../src/main/main-services';
import { dispatchIpc } from '../../../src/main/ipc/ipc-dispatcher';
import type { IpcChannel, IpcEvent } from '../../../src/shared/ipc/channel-names';
import type { IpcInput, IpcOutput } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/ipc-error';
import { MemoryClipboard } from '../clipboard/memory-clipboard';
import { useTestKeychain } from '../session/test-keychain';
import { confIn, useTempDir } from '../settings/temp-store-dir';

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
    start() {
      const clipboard = new MemoryClipboard();
      const events: { event: IpcEvent; payload: unknown }[] = [];
      const internalErrors: unknown[] = [];
      const counters = { hidden: 0, quit: 0 };
      const notifications: Alert[] = [];
      const services = createMainServices({
        createStore: confIn(dir()),
        vault: keychain.vault(),
        clipboard,
        emit: (event, payload) => events.push({ event, payload }),
        hidePopup: () => (counters.hidden += 1),
        quit: () => (counters.quit += 1),
        notify: (alert) => notifications.push(alert),
        onError: (error) => internalErrors.push(error),
      });
      running.push(services);
      const call = <Channel extends IpcChannel>(channel: Channel, input?: IpcInput<Channel>) =>
        dispatchIpc(services.handlers, channel, input, (error) =>
          internalErrors.push(error),
        ) as Promise<IpcResult<IpcOutput<Channel>>>;
      return { services, clipboard, events, internalErrors, counters, notifications, call };
    },
  };
}

/** The value of a successful result, or a failed assertion naming the error. */
export function valueOf<Value>(result: IpcResult<Value>): Value {
  if (!result.ok)
    throw new Error(`Expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}
