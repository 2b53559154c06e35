import type { IpcMain, WebContents, WebFrameMain } from 'electron';
import { IPC_CHANNELS, type IpcEvent } from '../../shared/ipc/channel-names';
import { ipcEventContract, type IpcEventPayload } from '../../shared/ipc/contract';
import type { UseCases } from '../app/use-case-types';
import { dispatchIpc } from '../ipc/ipc-dispatcher';

export interface IpcMainBridgeOptions {
  /** Electron's `ipcMain`; only the two calls this file makes, so a test can record them. */
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  useCases: UseCases;
  /** The popup's own check: its main frame, showing its own page. */
  isTrustedSender: (frame: WebFrameMain | null | undefined) => boolean;
  onInternalError: (error: unknown) => void;
}

const REFUSED = {
  ok: false,
  error: { kind: 'invalid_request', message: 'Refused: not from the Proxy Tray popup.' },
} as const;

/** The one registration with ipcMain: every channel of the contract, senders checked first. */
export function registerIpcHandlers(options: IpcMainBridgeOptions): () => void {
  const { ipcMain } = options;
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) =>
      options.isTrustedSender(event.senderFrame)
        ? dispatchIpc(options.useCases, channel, input, options.onInternalError)
        : REFUSED,
    );
  }
  return () => {
    for (const channel of IPC_CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** Sends an event to the popup, checked against the contract first. */
export function sendIpcEvent<Event extends IpcEvent>(
  contents: Pick<WebContents, 'isDestroyed' | 'send'>,
  event: Event,
  payload: IpcEventPayload<Event>,
): void {
  if (contents.isDestroyed()) return;
  contents.send(event, ipcEventContract[event].parse(payload));
}
