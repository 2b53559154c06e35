import { once } from 'node:events';
import type { Server } from 'node:net';
import type { SocketTracker } from './socket-tracker';

/** Listens on an ephemeral port of `host`. */
export async function listen(server: Server, host = '127.0.0.1'): Promise<void> {
  server.listen(0, host);
  await once(server, 'listening');
}

/** Closes the server after dropping the connections it still holds. */
export async function closeServer(server: Server, sockets: SocketTracker): Promise<void> {
  sockets.destroyAll();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
