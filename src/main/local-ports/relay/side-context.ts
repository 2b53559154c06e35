import type { PortStats } from './port-stats';
import type { Route } from './route';
import type { SocketSet } from './socket-set';

/** What both local sides (HTTP and SOCKS5) of one port share. */
export interface SideContext {
  /** Where app connections go: one upstream, or a pool's. */
  readonly route: Route;
  /** The password local apps must give, or null for none. */
  readonly localPassword: string | null;
  readonly stats: PortStats;
  /** Every socket of the port, both sides, for close(). */
  readonly sockets: SocketSet;
  /** How long the upstream may take to open a tunnel. */
  readonly tunnelTimeoutMs: number;
}
