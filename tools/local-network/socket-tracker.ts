import type { Server, Socket } from 'node:net';

/**
 * The connections a server holds open, as the server sees them: a check that leaves nothing in
 * flight is one whose sockets the server has seen close.
 */
export interface SocketTracker {
  /** Connections open right now. */
  readonly open: number;
  /** The most connections open at one time since the last reset. */
  readonly maxOpen: number;
  /** Connections accepted since the last reset. */
  readonly accepted: number;
  reset(): void;
  destroyAll(): void;
}

export function trackSockets(server: Server): SocketTracker {
  const sockets = new Set<Socket>();
  let maxOpen = 0;
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    accepted += 1;
    maxOpen = Math.max(maxOpen, sockets.size);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    get open() {
      return sockets.size;
    },
    get maxOpen() {
      return maxOpen;
    },
    get accepted() {
      return accepted;
    },
    reset() {
      maxOpen = sockets.size;
      accepted = 0;
    },
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}
