import { describe, expect, it } from 'vitest';
import { buildBridge } from '../../../src/shared/ipc/build-bridge';
import { bridgePathOf, IPC_CHANNELS } from '../../../src/shared/ipc/channel-names';
import { ipcContract } from '../../../src/shared/ipc/contract';

function recordingTransport() {
  const calls: [string, unknown][] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    calls,
    listeners,
    transport: {
      invoke: async (channel: string, input: unknown) => {
        calls.push([channel, input]);
        return { ok: true, value: channel };
      },
      subscribe: (event: string, listener: (payload: unknown) => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
    },
  };
}

describe('buildBridge', () => {
  it('has one method per channel of the contract, and nothing else', () => {
    const bridge = buildBridge(recordingTransport().transport) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const methods = Object.entries(bridge).flatMap(([area, group]) =>
      typeof group === 'function'
        ? [area]
        : Object.keys(group).map((method) => `${area}.${method}`),
    );
    expect(methods.sort()).toEqual(
      [...IPC_CHANNELS.map((channel) => bridgePathOf(channel).join('.')), 'on'].sort(),
    );
    expect(Object.keys(ipcContract).sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it('names methods by area and camel-cased action', () => {
    expect(bridgePathOf('proxy:set-rotation')).toEqual(['proxy', 'setRotation']);
    expect(bridgePathOf('session:switch-account')).toEqual(['session', 'switchAccount']);
    expect(bridgePathOf('plans:list')).toEqual(['plans', 'list']);
  });

  it('sends each call on its own channel with its input', async () => {
    const { transport, calls } = recordingTransport();
    const bridge = buildBridge(transport);
    await expect(bridge.proxy.setLabel({ proxyId: 7, label: 'x' })).resolves.toEqual({
      ok: true,
      value: 'proxy:set-label',
    });
    await bridge.plans.list();
    expect(calls).toEqual([
      ['proxy:set-label', { proxyId: 7, label: 'x' }],
      ['plans:list', undefined],
    ]);
  });

  it('subscribes to known events only', () => {
    const { transport, listeners } = recordingTransport();
    const bridge = buildBridge(transport);
    const seen: unknown[] = [];
    const unsubscribe = bridge.on('popup:shown', (payload) => seen.push(payload));
    listeners.get('popup:shown')?.({ focusSearch: true });
    expect(seen).toEqual([{ focusSearch: true }]);
    unsubscribe();
    expect(listeners.has('popup:shown')).toBe(false);
    expect(() => bridge.on('anything' as 'popup:shown', () => {})).toThrow(/Unknown event/);
  });
});
