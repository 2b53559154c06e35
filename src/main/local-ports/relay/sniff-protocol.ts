import type { Socket } from 'node:net';

/** The first byte of a SOCKS5 greeting (the version); no HTTP request starts with it. */
const SOCKS5_VERSION = 0x05;

/**
 * Waits for a connection's first bytes, puts them back (`unshift`, so the side that takes the
 * socket reads them again) and says which protocol they start: SOCKS5 or, for anything else,
 * HTTP. Resolves null when the connection closes before sending anything.
 */
export function sniffProtocol(socket: Socket): Promise<'socks5' | 'http' | null> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      cleanup();
      socket.pause();
      socket.unshift(chunk);
      resolve(chunk[0] === SOCKS5_VERSION ? 'socks5' : 'http');
    };
    const onClose = () => {
      cleanup();
      resolve(null);
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('close', onClose);
    };
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}
