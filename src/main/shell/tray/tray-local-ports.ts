import { menuLabel } from './menu-label';
import type { TrayMenuFavorite, TrayMenuItem } from './tray-menu-item';
import { poolPortItems, type TrayMenuPoolPort, type TrayPoolPortActions } from './tray-pool-ports';

/** An open local port as the tray lists it: its address (never a password) and its proxy. */
export interface TrayMenuLocalPort {
  proxyId: number;
  /** `127.0.0.1:PORT`. */
  address: string;
  /** The proxy's label, else its host:port. */
  title: string;
}

export interface TrayLocalPortActions extends TrayPoolPortActions {
  copyLocalPort(proxyId: number, scheme: 'http' | 'socks5'): void;
  stopLocalPort(proxyId: number): void;
  /** Opens a port for the proxy and copies its HTTP address. */
  openLocalPort(proxyId: number): void;
}

/**
 * "Local ports": each open port with its copies and its stop, each pool port likewise, then the
 * pinned and recent proxies without a port, a click away from a port of their own (the proxies a
 * user reaches for most).
 */
export function localPortsItem(
  ports: readonly TrayMenuLocalPort[],
  favorites: readonly TrayMenuFavorite[],
  actions: TrayLocalPortActions,
  pools: readonly TrayMenuPoolPort[] = [],
): TrayMenuItem {
  const portItems: TrayMenuItem[] = ports.map((port) => ({
    id: `local-ports/port/${port.proxyId}`,
    label: `${port.address} · ${menuLabel(port.title)}`,
    submenu: [
      {
        id: `local-ports/copy-http/${port.proxyId}`,
        label: `Copy http://${port.address}`,
        click: () => actions.copyLocalPort(port.proxyId, 'http'),
      },
      {
        id: `local-ports/copy-socks5/${port.proxyId}`,
        label: `Copy socks5://${port.address}`,
        click: () => actions.copyLocalPort(port.proxyId, 'socks5'),
      },
      {
        id: `local-ports/stop/${port.proxyId}`,
        label: 'Stop',
        click: () => actions.stopLocalPort(port.proxyId),
      },
    ],
  }));
  const items = [...portItems, ...poolPortItems(pools, actions)];
  const open = new Set(ports.map((port) => port.proxyId));
  const candidates = favorites.filter((proxy) => !open.has(proxy.id));
  if (candidates.length > 0) {
    if (items.length > 0) items.push({ type: 'separator' });
    items.push({ id: 'local-ports/open-heading', label: 'Open a port for', enabled: false });
    for (const proxy of candidates) {
      items.push({
        id: `local-ports/open/${proxy.id}`,
        label: menuLabel(proxy.title),
        click: () => actions.openLocalPort(proxy.id),
      });
    }
  }
  if (items.length === 0) {
    items.push({ label: 'None open: a proxy’s “Local port” opens one', enabled: false });
  }
  const count = ports.length + pools.length;
  const label = count === 0 ? 'Local ports' : `Local ports (${count})`;
  return { id: 'local-ports', label, submenu: items };
}
