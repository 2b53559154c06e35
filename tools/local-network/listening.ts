import { once } from 'node:events';
import type { Server } from 'node:net';
import type { SocketTracker } from './socket-tracker';

/**
 * How many connects the system queues for these servers: as many as for a local port
 * (local-port.ts, LISTEN_BACKLOG). With Node's default (511) a storm of 1,000 connects overflowed
 * the upstreams' queues, and the bench measured retried SYNs instead of the port in front of them.
 */
export const LISTEN_BACKLOG = 4_096;

/** Listens on an ephemeral port of `host`. */
export async function listen(server: Server, host = '127.0.0.1'): Promise<void> {
  server.listen({ port: 0, host, backlog: LISTEN_BACKLOG });
  await once(server, 'listening');
}

/** Closes the server after dropping the connections it still holds. */
export async function closeServer(server: Server, sockets: SocketTracker): Promise<void> {
  sockets.destroyAll();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
