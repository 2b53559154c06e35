import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createProxy } from 'proxy';
import simpleSocks from 'simple-socks';
import { closeServer, listen, listenOutsideEphemeralRange } from './listening';
import { SELF_SIGNED_CERT, SELF_SIGNED_KEY } from './self-signed-certificate';
import { trackSockets, type SocketTracker } from './socket-tracker';

/** A server on loopback (127.0.0.1 unless asked for ::1) the checks connect to, with the connections it has seen. */
export interface LocalServer {
  host: '127.0.0.1' | '::1';
  port: number;
  sockets: SocketTracker;
  close(): Promise<void>;
}

export interface Credentials {
  username: string;
  password: string;
}

async function started(
  server: Server,
  host: '127.0.0.1' | '::1' = '127.0.0.1',
): Promise<LocalServer> {
  const sockets = trackSockets(server);
  await listen(server, host);
  const { port } = server.address() as AddressInfo;
  return { host, port, sockets, close: () => closeServer(server, sockets) };
}

/** The `proxy` package's HTTP proxy (CONNECT included), requiring Basic credentials. */
export function startHttpProxy(credentials: Credentials): Promise<LocalServer> {
  // Compares the decoded pair, so the test shows that the check encodes what it sends.
  return startHttpProxyAccepting(
    (given) => given === `${credentials.username}:${credentials.password}`,
  );
}

/** The same proxy, accepting the decoded `user:password` pairs `accepts` approves. */
export function startHttpProxyAccepting(accepts: (pair: string) => boolean): Promise<LocalServer> {
  const server = createProxy(createHttpServer());
  server.authenticate = (request) => accepts(basicCredentialsOf(request));
  return started(server);
}

function basicCredentialsOf(request: IncomingMessage): string {
  const header = request.headers['proxy-authorization'] ?? '';
  const [scheme, encoded] = header.split(' ');
  return scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
}

/** RFC 1929's answer to a refused login: version 1, status "failure". */
const LOGIN_REFUSED = Buffer.from([0x01, 0x01]);

/**
 * simple-socks' SOCKS5 server, requiring username/password authentication (RFC 1929). A refused
 * login is answered here as the RFC (and real servers) do, with two bytes: simple-socks itself
 * sends back the whole login request with one byte changed, which the socks client cannot
 * parse ("internal error") — see `startVerboseRefusalSocksProxy`.
 */
export function startSocksProxy(
  credentials: Credentials,
  host: '127.0.0.1' | '::1' = '127.0.0.1',
): Promise<LocalServer> {
  const server = simpleSocks.createServer({
    authenticate(username, password, socket, callback) {
      if (username === credentials.username && password === credentials.password) callback();
      else socket.end(LOGIN_REFUSED);
    },
  });
  return started(server, host);
}

/** simple-socks as it is, refusing every login with its over-long answer. */
export function startVerboseRefusalSocksProxy(): Promise<LocalServer> {
  const server = simpleSocks.createServer({
    authenticate: (_username, _password, _socket, callback) => callback(new Error('refused')),
  });
  return started(server);
}

/**
 * Accepts connections, reads what comes and never says a word: a proxy that hangs. (Reading is
 * what lets it see the client close; an unread socket would never notice.)
 */
export function startSilentServer(): Promise<LocalServer> {
  return started(createNetServer((socket: Socket) => socket.resume()));
}

/** Answers the first bytes it reads with `answer`, then closes: a misbehaving proxy. */
export function startScriptedServer(answer: string): Promise<LocalServer> {
  return started(
    createNetServer((socket: Socket) => {
      socket.once('data', () => socket.end(answer));
      socket.on('error', () => {});
    }),
  );
}

/** An HTTPS echo with a certificate no one trusts. */
export function startUntrustedTlsEcho(): Promise<LocalServer> {
  const server = createHttpsServer(
    { key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERT },
    (_, response) => response.end('127.0.0.1\n'),
  );
  return started(server);
}

/**
 * A port that was listening a moment ago: connecting to it is refused. Taken below the ephemeral
 * range (listenOutsideEphemeralRange), so no other test's server can take it while it is used.
 */
export async function deadPort(): Promise<number> {
  const server = createNetServer();
  const port = await listenOutsideEphemeralRange(
    (candidate) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}
