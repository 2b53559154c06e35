import http, { type Agent } from 'node:http';
import https from 'node:https';

/** An echo service's answer: the body is read only for a 2xx status. */
export interface EchoReply {
  status: number;
  body: string;
}

/** An address fits in a few dozen bytes; a bigger answer is not an echo service's. */
const MAX_BODY_CHARS = 64 * 1024;

/**
 * GET the echo URL through the agent with node:http(s) — not axios, whose own proxy handling
 * (environment variables, its `proxy` option) would get between the request and the tunnel.
 * Resolves once the whole body has arrived; rejects with the network error otherwise.
 */
export function requestEcho(url: URL, agent: Agent, signal: AbortSignal): Promise<EchoReply> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { agent, signal, headers: { accept: 'text/plain, application/json' } },
      (response) => {
        const status = response.statusCode ?? 0;
        response.on('error', reject);
        if (status < 200 || status > 299) {
          response.destroy();
          resolve({ status, body: '' });
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_BODY_CHARS) {
            response.destroy();
            resolve({ status, body: '' });
          }
        });
        response.on('end', () => resolve({ status, body }));
        response.on('close', () => {
          if (!response.complete) reject(new BrokenOffError());
        });
      },
    );
    request.on('error', reject);
  });
}

/** The answer stopped before its end: for the check, a reset connection. */
class BrokenOffError extends Error {
  readonly code = 'ECONNRESET';

  constructor() {
    super('The echo answer broke off');
  }
}
