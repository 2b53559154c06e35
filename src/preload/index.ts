import { contextBridge, ipcRenderer } from 'electron';
import { exposeBridge } from './expose-bridge';

exposeBridge(contextBridge, ipcRenderer);
