import type { AreaOf, IpcChannel, IpcEvent, MethodOf } from './channel-names';
import type { IpcEventPayload, IpcInput, IpcOutput } from './contract';
import type { IpcResult } from './ipc-error';

/**
 * The popup's view of the main process, as the preload exposes it on `window.proxyTray`:
 * one method per channel (`bridge.proxy.setLabel({ proxyId, label })`), each answering with a
 * result instead of throwing, and `on(event, listener)` for what the main process announces.
 */
export type ProxyTrayBridge = {
  [Area in AreaOf<IpcChannel>]: {
    [
      Channel in IpcChannel as AreaOf<Channel> extends Area ? MethodOf<Channel> : never
    ]: undefined extends IpcInput<Channel>
      ? (input?: IpcInput<Channel>) => Promise<IpcResult<IpcOutput<Channel>>>
      : (input: IpcInput<Channel>) => Promise<IpcResult<IpcOutput<Channel>>>;
  };
} & {
  on<Event extends IpcEvent>(
    event: Event,
    listener: (payload: IpcEventPayload<Event>) => void,
  ): () => void;
};

export const BRIDGE_GLOBAL_NAME = 'proxyTray';
