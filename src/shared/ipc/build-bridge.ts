import type { ProxyTrayBridge } from './bridge';
import {
  bridgePathOf,
  IPC_CHANNELS,
  IPC_EVENTS,
  type IpcChannel,
  type IpcEvent,
} from './channel-names';

/** How messages travel: Electron IPC in the app, HTTP and WebSocket in the browser harness. */
export interface BridgeTransport {
  invoke(channel: IpcChannel, input: unknown): Promise<unknown>;
  subscribe(event: IpcEvent, listener: (payload: unknown) => void): () => void;
}

const KNOWN_EVENTS = new Set<string>(IPC_EVENTS);

/**
 * Builds the popup's bridge from the channel list: one method per channel, grouped by area, and
 * nothing else — no generic `invoke(anyChannel)` for a compromised page to reach for.
 */
export function buildBridge(transport: BridgeTransport): ProxyTrayBridge {
  const bridge: Record<string, unknown> = {};
  for (const channel of IPC_CHANNELS) {
    const [area, method] = bridgePathOf(channel);
    const group = (bridge[area] ??= {}) as Record<string, unknown>;
    group[method] = (input?: unknown) => transport.invoke(channel, input);
  }
  bridge['on'] = (event: string, listener: (payload: unknown) => void) => {
    if (!KNOWN_EVENTS.has(event)) throw new Error(`Unknown event "${event}".`);
    return transport.subscribe(event as IpcEvent, listener);
  };
  return bridge as ProxyTrayBridge;
}
