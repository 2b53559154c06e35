import type { Socket } from 'node:net';

/**
 * Reads exactly `length` bytes from a paused socket, leaving whatever follows in its buffer (for
 * the tunnel that comes after a handshake). Rejects when the socket ends or closes first.
 * Zero bytes resolve at once with an empty buffer: `socket.read(0)` never returns data, so a
 * zero-length field (no methods, an empty username) would otherwise wait for ever.
 */
export function readExactly(socket: Socket, length: number): Promise<Buffer> {
  if (length === 0) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const chunk = socket.read(length) as Buffer | null;
      if (chunk === null) {
        if (socket.readableEnded || socket.destroyed) fail();
        return;
      }
      cleanup();
      if (chunk.length < length) reject(new Error('The connection ended during the handshake.'));
      else resolve(chunk);
    };
    const fail = () => {
      cleanup();
      reject(new Error('The connection ended during the handshake.'));
    };
    const cleanup = () => {
      socket.off('readable', attempt);
      socket.off('end', fail);
      socket.off('close', fail);
    };
    socket.on('readable', attempt);
    socket.once('end', fail);
    socket.once('close', fail);
    attempt();
  });
}
