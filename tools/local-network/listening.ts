import { once } from 'node:events';
import { connect, type Server } from 'node:net';
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

/**
 * Listens (`listenOn`) on a free port below the system's ephemeral range (32768 and up on Linux),
 * which `listen(0)` never hands out: a server that closes to play a dead proxy keeps its number
 * dead, as another test's server asking for any free port cannot take it and answer in its place
 * (seen: a SOCKS5 server of a test running beside it refusing "our" login).
 */
export async function listenOutsideEphemeralRange(
  listenOn: (port: number) => Promise<void>,
): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      await listenOn(port);
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw error;
    }
  }
}

/** Whether something takes a TCP connection at `host:port` (the probe's connection is closed). */
export function acceptsConnections(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Closes the server after dropping the connections it still holds. */
export async function closeServer(server: Server, sockets: SocketTracker): Promise<void> {
  sockets.destroyAll();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
