import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL_NAME } from '../shared/ipc/bridge';
import { buildBridge } from '../shared/ipc/build-bridge';

// The popup's only door to the main process: one method per channel of the contract, over
// ipcRenderer.invoke; events arrive through `on`. ipcRenderer itself is never exposed.
contextBridge.exposeInMainWorld(
  BRIDGE_GLOBAL_NAME,
  buildBridge({
    invoke: (channel, input) => ipcRenderer.invoke(channel, input),
    subscribe(event, listener) {
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(event, forward);
      return () => ipcRenderer.removeListener(event, forward);
    },
  }),
);
