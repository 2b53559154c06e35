import type { IpcRendererEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { exposeBridge } from '../../src/preload/expose-bridge';
import { BRIDGE_GLOBAL_NAME, type ProxyTrayBridge } from '../../src/shared/ipc/bridge';
import { bridgePathOf, IPC_CHANNELS, IPC_EVENTS } from '../../src/shared/ipc/channel-names';

/**
 * What the preload hands the popup's page, driven through recording stand-ins of contextBridge
 * and ipcRenderer: one global, the contract's methods and `on`, and nothing of ipcRenderer.
 */

type Listener = (event: IpcRendererEvent, ...args: unknown[]) => void;

/** ipcRenderer, with the calls a compromised page would want (send, sendSync, ...) as well. */
function recordingIpcRenderer() {
  const invoked: [channel: string, ...args: unknown[]][] = [];
  const listeners = new Map<string, Listener[]>();
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push([channel, ...args]);
      return { ok: true, value: `answer to ${channel}` };
    },
    on(channel: string, listener: Listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((registered) => registered !== listener),
      );
      return ipcRenderer;
    },
    send: () => {},
    sendSync: () => undefined,
    sendToHost: () => {},
    postMessage: () => {},
    removeAllListeners: () => ipcRenderer,
  };
  return {
    ipcRenderer,
    invoked,
    listenerCount: (channel: string) => listeners.get(channel)?.length ?? 0,
    /** Delivers an event from main as Electron does: the IPC event first, then the payload. */
    emit(channel: string, payload: unknown) {
      // A real IpcRendererEvent carries ipcRenderer itself as `sender`: what the page must not get.
      const event = { sender: ipcRenderer, ports: [] } as unknown as IpcRendererEvent;
      for (const listener of listeners.get(channel) ?? []) listener(event, payload);
    },
  };
}

function exposed() {
  const ipc = recordingIpcRenderer();
  const exposures: [key: string, api: unknown][] = [];
  exposeBridge(
    { exposeInMainWorld: (key, api: unknown) => exposures.push([key, api]) },
    ipc.ipcRenderer,
  );
  const api = exposures[0]?.[1];
  return { ...ipc, exposures, api, bridge: api as ProxyTrayBridge };
}

/** Every value reachable from `root`, with its path. */
function* reachable(root: unknown, path = 'bridge'): Generator<[string, unknown]> {
  yield [path, root];
  if ((typeof root === 'object' && root !== null) || typeof root === 'function') {
    for (const key of Reflect.ownKeys(root)) {
      if (typeof root === 'function' && ['length', 'name', 'prototype'].includes(String(key)))
        continue;
      yield* reachable((root as Record<PropertyKey, unknown>)[key], `${path}.${String(key)}`);
    }
  }
}

/** The method a channel becomes, called with `input`. */
function callMethod(api: unknown, channel: (typeof IPC_CHANNELS)[number], input: unknown) {
  const [area, method] = bridgePathOf(channel);
  const group = (api as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[area];
  const call = group?.[method];
  if (!call) throw new Error(`no ${area}.${method} on the bridge`);
  return call(input);
}

describe('exposeBridge', () => {
  it(`exposes exactly one global, ${BRIDGE_GLOBAL_NAME}`, () => {
    const { exposures } = exposed();
    expect(exposures.map(([key]) => key)).toEqual([BRIDGE_GLOBAL_NAME]);
  });

  it("holds exactly the contract's methods, grouped by area, and `on`: functions only", () => {
    const { api } = exposed();
    const expected: Record<string, string[]> = { on: [] };
    for (const channel of IPC_CHANNELS) {
      const [area, method] = bridgePathOf(channel);
      (expected[area] ??= []).push(method);
    }
    const actual = Object.fromEntries(
      Object.entries(api as Record<string, unknown>).map(([area, group]) => [
        area,
        typeof group === 'function' ? [] : Object.keys(group as object),
      ]),
    );
    expect(sortedValues(actual)).toEqual(sortedValues(expected));
    for (const [path, value] of reachable(api)) {
      if (path.split('.').length === 3 || path === 'bridge.on')
        expect(typeof value, path).toBe('function');
    }
  });

  it('reaches nothing of ipcRenderer, however deep', () => {
    const { api, ipcRenderer } = exposed();
    const ipcRendererParts = new Set<unknown>([ipcRenderer, ...Object.values(ipcRenderer)]);
    for (const [path, value] of reachable(api)) {
      expect(ipcRendererParts.has(value), path).toBe(false);
      if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
        for (const name of ['send', 'sendSync', 'sendToHost', 'postMessage', 'invoke']) {
          expect(Object.hasOwn(value, name), `${path}.${name}`).toBe(false);
        }
      }
    }
  });

  it.each(IPC_CHANNELS)(
    '%s invokes its own channel with the input, and answers with the result',
    async (channel) => {
      const { api, invoked } = exposed();
      const input = { probe: channel };
      expect(await callMethod(api, channel, input)).toEqual({
        ok: true,
        value: `answer to ${channel}`,
      });
      expect(invoked).toEqual([[channel, input]]);
    },
  );

  it('invokes no channel but those of the contract', async () => {
    const { api, invoked } = exposed();
    for (const channel of IPC_CHANNELS) await callMethod(api, channel, undefined);
    expect(invoked.map(([channel]) => channel)).toEqual([...IPC_CHANNELS]);
  });

  it.each(IPC_EVENTS)(
    'delivers %s to a listener as its payload alone, never the IPC event',
    (event) => {
      const { bridge, emit } = exposed();
      const received: unknown[][] = [];
      bridge.on(event, (...args: unknown[]) => received.push(args));
      const payload = { focusSearch: true };
      emit(event, payload);
      expect(received).toEqual([[payload]]);
    },
  );

  it('stops delivering once unsubscribed, removing the listener it added', () => {
    const { bridge, emit, listenerCount } = exposed();
    const received: unknown[] = [];
    const unsubscribe = bridge.on('plans:changed', (payload) => received.push(payload));
    expect(listenerCount('plans:changed')).toBe(1);
    unsubscribe();
    expect(listenerCount('plans:changed')).toBe(0);
    emit('plans:changed', { plans: [] });
    expect(received).toEqual([]);
  });

  it('refuses to subscribe to an event the contract does not name', () => {
    const { bridge, listenerCount } = exposed();
    const on = bridge.on as (event: string, listener: () => void) => () => void;
    expect(() => on('ELECTRON_BROWSER_WINDOW_ALERT', () => {})).toThrow(/Unknown event/);
    expect(listenerCount('ELECTRON_BROWSER_WINDOW_ALERT')).toBe(0);
  });
});

function sortedValues(groups: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(groups)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([area, methods]) => [area, [...methods].sort()]),
  );
}
