import type { Socket } from 'node:net';

/** How long an app has to take a refusal and close before its connection is cut. */
export const LAST_WORDS_GRACE_MS = 2_000;

/**
 * Sends `last` (a refusal, an error answer) and closes the connection for sure. `end()` alone is
 * not enough: the socket closes only once the app's own end is read, and a refused connection is
 * paused or no longer read, so an app that sent more bytes and waits kept the socket open for
 * ever (1,000 short connections pinned the process at its fd limit). Destroying at once is not
 * right either: closing a socket with unread bytes sends a reset, and the app may lose the reply.
 * So what the app still sends is read and dropped, the socket closes when the app closes its
 * side, and in any case after LAST_WORDS_GRACE_MS.
 */
export function sendLastWords(socket: Socket, last?: string | Buffer): void {
  if (socket.destroyed) return;
  const cut = setTimeout(() => socket.destroy(), LAST_WORDS_GRACE_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
  if (last === undefined) socket.end();
  else socket.end(last);
  // Read and dropped: a stream with no 'data' listener discards what it reads once resumed.
  socket.resume();
}
