import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A plain HTTP proxy that answers every proxied request itself, with a fake exit address, and
 * records each request line: a page only this proxy can serve proves the browser used it.
 * CONNECT (a browser's own https traffic) is recorded and refused.
 */
export interface RecordingProxy {
  url: string;
  requests: string[];
  /** Resolves when a request line equal to `line` arrives. */
  received(line: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const requests: string[] = [];
  const waiting = new Set<() => void>();
  const record = (line: string) => {
    requests.push(line);
    for (const check of waiting) check();
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    record(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    response.end('203.0.113.7\n');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    // A browser that is killed resets its connections: not the test's concern.
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (request, socket: Socket) => {
    record(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received: (line, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!requests.includes(line)) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(
            new Error(`The proxy never saw "${line}"; it saw: ${requests.join(', ') || 'nothing'}`),
          );
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
