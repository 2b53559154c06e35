import { describe, expect, it } from 'vitest';
import { trayMenuInputOf } from '../../../../src/main/shell/tray/tray-menu-input';
import {
  localPortsItem,
  type TrayLocalPortActions,
} from '../../../../src/main/shell/tray/tray-local-ports';
import type { SessionView } from '../../../../src/shared/views/session-view';

function recording() {
  const calls: unknown[][] = [];
  const actions: TrayLocalPortActions = {
    copyLocalPort: (...args) => void calls.push(['copy', ...args]),
    stopLocalPort: (...args) => void calls.push(['stop', ...args]),
    openLocalPort: (...args) => void calls.push(['open', ...args]),
    copyPoolPort: (...args) => void calls.push(['copy-pool', ...args]),
    stopPoolPort: (...args) => void calls.push(['stop-pool', ...args]),
  };
  return { actions, calls };
}

describe('the tray’s "Local ports"', () => {
  it('lists each open port with its copies and its stop', () => {
    const { actions, calls } = recording();
    const item = localPortsItem(
      [{ proxyId: 7, address: '127.0.0.1:24001', title: 'Office Berlin' }],
      [],
      actions,
    );
    expect(item.label).toBe('Local ports (1)');
    const [port] = item.submenu ?? [];
    expect(port?.label).toBe('127.0.0.1:24001 · Office Berlin');
    expect(port?.submenu?.map((entry) => entry.label)).toEqual([
      'Copy http://127.0.0.1:24001',
      'Copy socks5://127.0.0.1:24001',
      'Stop',
    ]);
    for (const entry of port?.submenu ?? []) entry.click?.();
    expect(calls).toEqual([
      ['copy', 7, 'http'],
      ['copy', 7, 'socks5'],
      ['stop', 7],
    ]);
  });

  it('offers a port for pinned and recent proxies that have none, and says how when empty', () => {
    const { actions, calls } = recording();
    const item = localPortsItem(
      [{ proxyId: 7, address: '127.0.0.1:24001', title: 'Office Berlin' }],
      [
        { id: 7, planId: 1, title: 'Office Berlin' },
        { id: 8, planId: 1, title: 'DE-2\u202e' },
      ],
      actions,
    );
    const labels = item.submenu?.map((entry) => entry.label ?? `(${entry.type})`);
    // The proxy with a port is not offered another; a direction control is stripped.
    expect(labels).toEqual([
      '127.0.0.1:24001 · Office Berlin',
      '(separator)',
      'Open a port for',
      'DE-2',
    ]);
    item.submenu?.at(-1)?.click?.();
    expect(calls).toEqual([['open', 8]]);

    const empty = localPortsItem([], [], actions);
    expect(empty.label).toBe('Local ports');
    expect(empty.submenu).toEqual([
      { label: 'None open: a proxy’s “Local port” opens one', enabled: false },
    ]);
  });

  it('lists each pool port after the ports, with its copies and its stop, in the count', () => {
    const { actions, calls } = recording();
    const item = localPortsItem(
      [{ proxyId: 7, address: '127.0.0.1:24001', title: 'Office Berlin' }],
      [],
      actions,
      [{ poolId: 'a1b2', address: '127.0.0.1:24100', title: 'Plan Shop & Co\u202e' }],
    );
    expect(item.label).toBe('Local ports (2)');
    const [, pool] = item.submenu ?? [];
    // Electron reads one `&` as a mnemonic: doubled; a direction control is stripped.
    expect(pool?.label).toBe('127.0.0.1:24100 · Plan Shop && Co');
    expect(pool?.submenu?.map((entry) => entry.label)).toEqual([
      'Copy http://127.0.0.1:24100',
      'Copy socks5://127.0.0.1:24100',
      'Stop',
    ]);
    for (const entry of pool?.submenu ?? []) entry.click?.();
    expect(calls).toEqual([
      ['copy-pool', 'a1b2', 'http'],
      ['copy-pool', 'a1b2', 'socks5'],
      ['stop-pool', 'a1b2'],
    ]);

    // A pool alone is counted, and the menu is not "None open".
    const poolOnly = localPortsItem([], [], actions, [
      { poolId: 'c3', address: '127.0.0.1:24200', title: 'Pinned proxies' },
    ]);
    expect(poolOnly.label).toBe('Local ports (1)');
    expect(poolOnly.submenu?.map((entry) => entry.label)).toEqual([
      '127.0.0.1:24200 · Pinned proxies',
    ]);
  });

  it('gets each port’s address from the ports the main process runs', () => {
    const session: SessionView = { state: 'active', accounts: [] };
    const input = trayMenuInputOf(
      session,
      { plans: [], refreshing: false },
      { localPorts: [{ proxyId: 3, host: '::1', port: 9000, title: 'v6' }] },
    );
    expect(input.localPorts).toEqual([{ proxyId: 3, address: '[::1]:9000', title: 'v6' }]);
  });

  it('gets each pool port’s address from the pools the main process runs', () => {
    const session: SessionView = { state: 'active', accounts: [] };
    const input = trayMenuInputOf(
      session,
      { plans: [], refreshing: false },
      { poolPorts: [{ poolId: 'p1', host: '::1', port: 9100, title: 'Search “shop”' }] },
    );
    expect(input.poolPorts).toEqual([
      { poolId: 'p1', address: '[::1]:9100', title: 'Search “shop”' },
    ]);
  });
});
