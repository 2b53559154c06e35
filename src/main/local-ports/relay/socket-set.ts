import type { Socket } from 'node:net';

/**
 * Every socket a local port holds, on both sides (apps and upstream), so that closing the port
 * leaves nothing open: a server's close() alone waits for its connections and never touches the
 * outgoing ones.
 */
export class SocketSet {
  private readonly sockets = new Set<Socket>();

  add(socket: Socket): Socket {
    if (socket.destroyed) return socket;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  }

  get size(): number {
    return this.sockets.size;
  }

  /** Destroys them all and resolves once each has closed. */
  async destroyAll(): Promise<void> {
    const closing = [...this.sockets].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.closed) return resolve();
          socket.once('close', () => resolve());
          socket.destroy();
        }),
    );
    await Promise.all(closing);
  }
}
