import type { PortStats } from './port-stats';
import type { SocketSet } from './socket-set';
import type { UpstreamProxy } from '../../upstream/upstream-proxy';

/** What both local sides (HTTP and SOCKS5) of one port share. */
export interface SideContext {
  readonly upstream: UpstreamProxy;
  /** The password local apps must give, or null for none. */
  readonly localPassword: string | null;
  readonly stats: PortStats;
  /** Every socket of the port, both sides, for close(). */
  readonly sockets: SocketSet;
  /** How long the upstream may take to open a tunnel. */
  readonly tunnelTimeoutMs: number;
}
