import { menuLabel } from './menu-label';
import type { TrayMenuItem } from './tray-menu-item';

/** An open pool port as the tray lists it: its address (never a password) and its source. */
export interface TrayMenuPoolPort {
  poolId: string;
  /** `127.0.0.1:PORT`. */
  address: string;
  /** What the pool spreads over: "Plan Shop", "Search “shop”", "Pinned proxies". */
  title: string;
}

export interface TrayPoolPortActions {
  copyPoolPort(poolId: string, scheme: 'http' | 'socks5'): void;
  stopPoolPort(poolId: string): void;
}

/** Each open pool port with its copies and its stop, as a local port is listed. */
export function poolPortItems(
  pools: readonly TrayMenuPoolPort[],
  actions: TrayPoolPortActions,
): TrayMenuItem[] {
  return pools.map((pool) => ({
    id: `local-ports/pool/${pool.poolId}`,
    label: `${pool.address} · ${menuLabel(pool.title)}`,
    submenu: [
      {
        id: `local-ports/pool-copy-http/${pool.poolId}`,
        label: `Copy http://${pool.address}`,
        click: () => actions.copyPoolPort(pool.poolId, 'http'),
      },
      {
        id: `local-ports/pool-copy-socks5/${pool.poolId}`,
        label: `Copy socks5://${pool.address}`,
        click: () => actions.copyPoolPort(pool.poolId, 'socks5'),
      },
      {
        id: `local-ports/pool-stop/${pool.poolId}`,
        label: 'Stop',
        click: () => actions.stopPoolPort(pool.poolId),
      },
    ],
  }));
}
