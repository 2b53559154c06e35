import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';
import { closeServer, listen } from '../../../tools/local-network/listening';
import type { Credentials, LocalServer } from '../../../tools/local-network/proxy-servers';
import { trackSockets } from '../../../tools/local-network/socket-tracker';

/** A request as a server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** The `proxy` package's HTTP proxy with Basic auth, recording each request as it arrived. */
export interface RecordingProxy extends LocalServer {
  readonly seen: SeenRequest[];
}

export async function startRecordingHttpProxy(
  credentials: Credentials,
  host: '127.0.0.1' | '::1' = '127.0.0.1',
): Promise<RecordingProxy> {
  const seen: SeenRequest[] = [];
  const server = createServer();
  // Registered before the proxy's own listeners, so each request is seen as the proxy got it.
  const record = (request: { method?: string; url?: string; headers: IncomingHttpHeaders }) =>
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
  server.on('request', record);
  server.on('connect', record);
  const proxy = createProxy(server);
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  proxy.authenticate = (request) => request.headers['proxy-authorization'] === expected;
  const sockets = trackSockets(proxy);
  await listen(proxy, host);
  const { port } = proxy.address() as AddressInfo;
  return { host, port, sockets, seen, close: () => closeServer(proxy, sockets) };
}

/** An HTTP origin that answers every request with how it saw it (JSON), recording it too. */
export interface HeaderEcho {
  readonly port: number;
  readonly seen: SeenRequest[];
  url(path?: string): string;
  close(): Promise<void>;
}

export async function startHeaderEcho(): Promise<HeaderEcho> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const entry = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    };
    seen.push(entry);
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(entry));
    });
  });
  const sockets = trackSockets(server);
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    close: () => closeServer(server, sockets),
  };
}

/** A proxy that refuses every login with 407, on plain requests and CONNECT alike. */
export async function startRefusingProxy(): Promise<LocalServer> {
  const server = createServer((_, response) => {
    response.writeHead(407, { 'proxy-authenticate': 'Basic realm="no"' });
    response.end();
  });
  server.on('connect', (_, socket) => {
    socket.on('error', () => {});
    socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
  });
  const sockets = trackSockets(server);
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return { host: '127.0.0.1', port, sockets, close: () => closeServer(server, sockets) };
}

export interface PlainAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A plain proxy request (absolute-form URL) to the proxy at `proxyPort`, with optional headers. */
export async function getThroughProxy(
  proxyPort: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<PlainAnswer> {
  const request = httpRequest({
    host: '127.0.0.1',
    port: proxyPort,
    path: url,
    headers: { host: new URL(url).host, ...headers },
    agent: false,
  });
  request.end();
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: Buffer.concat(chunks).toString('utf8'),
  };
}
