import type { Socket } from 'node:net';

/**
 * How long a last reply may take to reach the system before the connection is destroyed anyway.
 * A reply of a few bytes is handed over at once; this only bounds a client that stopped reading
 * with its receive window full. RFC 1928 §6 asks for the close within 10 s of a failure.
 */
export const REPLY_FLUSH_LIMIT_MS = 2_000;

/**
 * Sends a refusal (or any last reply; none when an answer already went out) and closes the connection for good: FIN after the reply,
 * then the socket destroyed as soon as the reply is flushed, at the latest after
 * `REPLY_FLUSH_LIMIT_MS`.
 *
 * `end()` alone is not enough: it closes only our half. The socket is paused during a handshake,
 * so a client that sent more bytes, or its FIN, is never read, 'close' never comes and the fd
 * stays open for ever (1,000 such clients pinned the app at its fd limit). What the client still
 * sends is read and dropped until then, so that the close is an orderly one rather than a reset
 * over unread bytes.
 */
export function closeAfterReply(socket: Socket, reply: Buffer | string = ''): void {
  if (socket.destroyed) return;
  const limit = setTimeout(() => socket.destroy(), REPLY_FLUSH_LIMIT_MS);
  // The limit must not keep the app (or a test run) alive on its own.
  limit.unref();
  socket.once('close', () => clearTimeout(limit));
  socket.resume();
  // Called back on 'finish' (flushed) or on an error (say, a side already ended): gone either way.
  socket.end(reply, () => socket.destroy());
}
