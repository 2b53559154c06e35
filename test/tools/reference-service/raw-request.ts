// A request over node:http that shows what fetch hides: each body chunk as it arrived, and whether
// the body was complete when the connection closed. For tests of faults that spoil an answer.

import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';
import type { ApiServer } from '../../../tools/reference-service/server';

export interface RawHead {
  status: number;
  headers: IncomingHttpHeaders;
}

export interface RawOutcome {
  /** False when the connection closed before the declared body had arrived. */
  complete: boolean;
  body: Buffer;
}

export interface RawExchange {
  /** The status line and headers once they arrive; undefined if the request failed first. */
  head: Promise<RawHead | undefined>;
  /** Body chunks so far, as the socket delivered them. */
  chunks: Buffer[];
  received(): number;
  /** Settles when the response ends or its connection closes; never rejects. */
  outcome: Promise<RawOutcome>;
}

export function rawRequest(
  server: Pick<ApiServer, 'baseUrl'>,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): RawExchange {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';

  const chunks: Buffer[] = [];
  let settleHead: (head: RawHead | undefined) => void = () => {};
  const head = new Promise<RawHead | undefined>((resolve) => (settleHead = resolve));
  // A fresh connection each time: a spoiled answer must not leave a pooled socket to the next test.
  const outgoing = request(new URL(path, server.baseUrl), { method, headers, agent: false });
  const outcome = new Promise<RawOutcome>((resolve) => {
    outgoing.on('error', () => {
      settleHead(undefined);
      resolve({ complete: false, body: Buffer.concat(chunks) });
    });
    outgoing.on('response', (response) => {
      settleHead({ status: response.statusCode ?? 0, headers: response.headers });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body cut short is an 'aborted' error on the response: the outcome already says so.
      response.on('error', () => {});
      response.on('close', () =>
        resolve({ complete: response.complete, body: Buffer.concat(chunks) }),
      );
    });
  });
  outgoing.end(body);
  return {
    head,
    chunks,
    received: () => chunks.reduce((total, chunk) => total + chunk.length, 0),
    outcome,
  };
}
