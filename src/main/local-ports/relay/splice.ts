import type { Socket } from 'node:net';

/**
 * Joins two sockets both ways. When one side has closed, the other is ended once its own writes
 * are flushed (so a last request or answer is not cut off) and then destroyed; an error on either
 * side destroys both at once.
 */
export function splice(a: Socket, b: Socket): void {
  a.pipe(b);
  b.pipe(a);
  const destroyBoth = () => {
    a.destroy();
    b.destroy();
  };
  a.on('error', destroyBoth);
  b.on('error', destroyBoth);
  a.once('close', () => finish(b));
  b.once('close', () => finish(a));
}

function finish(socket: Socket): void {
  // Equivalent, left to survive: ending a destroyed socket does nothing (its callback gets
  // ERR_STREAM_DESTROYED, and destroying it again is a no-op); the check says what is meant.
  if (socket.destroyed) return;
  socket.end(() => socket.destroy());
}
