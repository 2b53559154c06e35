/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { ProxyTrayBridge } from '../../shared/ipc/bridge';

declare global {
  interface Window {
    /** Exposed by the preload (src/preload/index.ts), or by the browser harness. */
    readonly proxyTray: ProxyTrayBridge;
  }
}
