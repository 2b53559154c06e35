import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A bare HTTP server on 127.0.0.1 that answers every request with one chosen status and body, so
 * that tests can feed the real client arbitrary bytes over real HTTP.
 */
export interface CannedResponseServer {
  url: string;
  reply(body: string, status?: number): void;
  close(): Promise<void>;
}

export async function startCannedResponseServer(): Promise<CannedResponseServer> {
  let body = '';
  let status = 200;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reply(nextBody, nextStatus = 200) {
      body = nextBody;
      status = nextStatus;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
