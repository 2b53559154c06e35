import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen, closeServer } from './listening';
import { trackSockets, type SocketTracker } from './socket-tracker';

/**
 * A local echo service answering the caller's address the ways real ones do. It listens on
 * 127.0.0.1 only (the demo runs one for as long as it likes, and other computers have no business
 * with it). A test that needs callers over IPv6 (`::1`) asks for `::`: dual stack, where a caller
 * over IPv4 shows as `::ffff:127.0.0.1`, as on many real hosts — and every interface.
 *
 * Routes: `/` text ("addr\n", ipify/icanhazip), `/json` `{"ip"}`, `/origin` `{"origin": "addr,
 * 10.9.8.7"}` (httpbin), `/status/<code>`, `/garbage`, `/huge` (200 KB), `/hold` (answers only
 * when released, to keep checks in flight).
 */
export interface EchoServer {
  /** The URL of a route, reached at 127.0.0.1 unless another host is given. */
  url(path?: string, host?: string): string;
  readonly port: number;
  readonly sockets: SocketTracker;
  /** Requests to `/hold` not answered yet. */
  readonly held: number;
  /** The most `/hold` requests waiting at one time since the last `resetHeld`. */
  readonly maxHeld: number;
  releaseHeld(): void;
  resetHeld(): void;
  close(): Promise<void>;
}

export async function startEchoServer(host: '127.0.0.1' | '::' = '127.0.0.1'): Promise<EchoServer> {
  const held = new Set<() => void>();
  let maxHeld = 0;
  const server = createServer((request, response) => {
    const address = request.socket.remoteAddress ?? '';
    const path = request.url ?? '/';
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) return reply(response, Number(status[1]), 'text/plain', 'no');
    switch (path) {
      case '/':
        return reply(response, 200, 'text/plain', `${address}\n`);
      case '/json':
        return reply(response, 200, 'application/json', JSON.stringify({ ip: address }));
      case '/origin':
        return reply(
          response,
          200,
          'application/json',
          JSON.stringify({ origin: `${address}, 10.9.8.7` }),
        );
      case '/garbage':
        return reply(response, 200, 'text/html', '<html>hello</html>');
      case '/huge':
        return reply(response, 200, 'text/plain', `${address}\n`.padEnd(200_000, ' '));
      case '/hold': {
        const release = () => reply(response, 200, 'text/plain', `${address}\n`);
        held.add(release);
        maxHeld = Math.max(maxHeld, held.size);
        response.on('close', () => held.delete(release));
        return;
      }
      default:
        return reply(response, 404, 'text/plain', 'not found');
    }
  });
  const sockets = trackSockets(server);
  await listen(server, host);
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/', host = '127.0.0.1') => `http://${host}:${port}${path}`,
    port,
    sockets,
    get held() {
      return held.size;
    },
    get maxHeld() {
      return maxHeld;
    },
    releaseHeld() {
      for (const release of [...held]) {
        held.delete(release);
        release();
      }
    },
    resetHeld() {
      maxHeld = held.size;
    },
    close: () => closeServer(server, sockets),
  };
}

function reply(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, connection: 'close' });
  response.end(body);
}
