import { startRoutedPort, type ListenerOptions, type LocalPort } from '../local-ports/local-port';
import { Pool, type MemberView, type PoolOptions } from './pool';
import type { PoolMember } from './pool-member';
import type { PoolStrategy } from './strategy';

/**
 * How long a pool's upstream may take to open a tunnel before the connection moves to another
 * (a local port, with nowhere else to go, waits 30 s): long enough for a slow residential exit.
 */
export const POOL_TUNNEL_TIMEOUT_MS = 10_000;

export type PoolPortOptions = ListenerOptions & PoolOptions;

/** A running pool port: a local port (one address, HTTP and SOCKS5) over a pool of upstreams. */
export interface PoolPort extends LocalPort {
  members(): MemberView[];
  readonly strategy: PoolStrategy;
  setStrategy(strategy: PoolStrategy): void;
  readonly perRequest: boolean;
  setPerRequest(perRequest: boolean): void;
  setMembers(members: readonly PoolMember[]): void;
}

/**
 * Starts a pool port: a listener like a local port's (loopback only, the same deadlines, caps
 * and local password), each of whose app connections goes through an upstream the pool picks.
 * Rejects as startLocalPort does (a LocalPortError).
 */
export async function startPoolPort(options: PoolPortOptions): Promise<PoolPort> {
  const pool = new Pool(options);
  let port: LocalPort;
  try {
    port = await startRoutedPort({
      tunnelTimeoutMs: POOL_TUNNEL_TIMEOUT_MS,
      ...options,
      route: pool,
    });
  } catch (error) {
    pool.close();
    throw error;
  }
  return {
    host: port.host,
    port: port.port,
    stats: () => port.stats(),
    getConnections: () => port.getConnections(),
    close: () => {
      pool.close();
      return port.close();
    },
    members: () => pool.members(),
    get strategy() {
      return pool.strategy;
    },
    setStrategy: (strategy) => pool.setStrategy(strategy),
    get perRequest() {
      return pool.perRequest;
    },
    setPerRequest: (perRequest) => pool.setPerRequest(perRequest),
    setMembers: (members) => pool.setMembers(members),
  };
}
