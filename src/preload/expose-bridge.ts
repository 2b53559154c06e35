import type { ContextBridge, IpcRenderer, IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL_NAME } from '../shared/ipc/bridge';
import { buildBridge } from '../shared/ipc/build-bridge';

type IpcRendererListener = (event: IpcRendererEvent, ...args: unknown[]) => void;

/**
 * The slice of ipcRenderer the bridge uses. `on` and `removeListener` are declared here, not
 * picked: IpcRenderer's return the ipcRenderer itself, which a test's stand-in cannot be.
 */
export interface BridgeIpc extends Pick<IpcRenderer, 'invoke'> {
  on(channel: string, listener: IpcRendererListener): unknown;
  removeListener(channel: string, listener: IpcRendererListener): unknown;
}

/**
 * The popup's only door to the main process: one method per channel of the contract, over
 * ipcRenderer.invoke; events arrive through `on`, as their payload alone. ipcRenderer itself is
 * never exposed, nor the IPC events, whose `sender` is ipcRenderer.
 */
export function exposeBridge(
  contextBridge: Pick<ContextBridge, 'exposeInMainWorld'>,
  ipcRenderer: BridgeIpc,
): void {
  contextBridge.exposeInMainWorld(
    BRIDGE_GLOBAL_NAME,
    buildBridge({
      invoke: (channel, input) => ipcRenderer.invoke(channel, input),
      subscribe(event, listener) {
        const forward: IpcRendererListener = (_event, payload) => listener(payload);
        ipcRenderer.on(event, forward);
        return () => ipcRenderer.removeListener(event, forward);
      },
    }),
  );
}
