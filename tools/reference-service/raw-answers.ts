// Writing an answer by hand on the raw response, in the broken ways the answer faults need: cut
// short, trickling in, or stopping half-way. Fastify is out of the picture by then (hijacked).

import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** An answer as the service made it: status, headers (without Content-Length) and body bytes. */
export interface RawAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface Throttle {
  bytesPerChunk: number;
  chunkIntervalMs: number;
}

/**
 * Declares the full Content-Length, sends the first half of the body, then closes the connection.
 * Even an empty body is declared one byte long, so the client always waits for bytes that never come.
 */
export function sendCut(res: ServerResponse, answer: RawAnswer): void {
  const sent = Math.floor(answer.body.length / 2);
  const declared = Math.max(answer.body.length, sent + 1);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': declared });
  res.flushHeaders();
  if (sent > 0) res.write(answer.body.subarray(0, sent));
  // end() rather than destroy(): what was written still goes out first, then the connection closes.
  res.socket?.end();
}

/** The headers at once, then each chunk one interval after the one before. */
export function sendThrottled(res: ServerResponse, answer: RawAnswer, throttle: Throttle): void {
  if (!startAnswer(res, answer)) return;
  let offset = 0;
  let timer: NodeJS.Timeout | undefined;
  const sendNextChunk = (): void => {
    if (res.destroyed) return;
    const chunk = answer.body.subarray(offset, offset + throttle.bytesPerChunk);
    offset += chunk.length;
    if (offset >= answer.body.length) {
      res.end(chunk);
      return;
    }
    res.write(chunk);
    timer = setTimeout(sendNextChunk, throttle.chunkIntervalMs);
  };
  // The client gave up or the server closed: nothing left to trickle to.
  res.once('close', () => clearTimeout(timer));
  timer = setTimeout(sendNextChunk, throttle.chunkIntervalMs);
}

/**
 * The headers and the first `bytes` of the body, then nothing: the connection stays open until the
 * client gives up or the server closes. A body no longer than that is sent whole and finished, so
 * a client never sends its next request down a connection that will not answer it.
 */
export function sendStalled(res: ServerResponse, answer: RawAnswer, bytes: number): void {
  if (!startAnswer(res, answer)) return;
  const part = answer.body.subarray(0, bytes);
  if (part.length === answer.body.length) {
    res.end(part);
    return;
  }
  if (part.length > 0) res.write(part);
}

/** Sends the status line and headers now; false when the status has no body (and it is done). */
function startAnswer(res: ServerResponse, answer: RawAnswer): boolean {
  const hasBody = answer.status >= 200 && answer.status !== 204 && answer.status !== 304;
  if (!hasBody) {
    res.writeHead(answer.status, answer.headers);
    res.end();
    return false;
  }
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  if (answer.body.length === 0) {
    res.end();
    return false;
  }
  res.flushHeaders();
  return true;
}
