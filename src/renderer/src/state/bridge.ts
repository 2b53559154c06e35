import type { ProxyTrayBridge } from '../../../shared/ipc/bridge';

/** The popup's only way out: the preload's bridge in the app, an HTTP one in the browser harness. */
export function bridge(): ProxyTrayBridge {
  return window.proxyTray;
}
