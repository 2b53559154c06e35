import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createProxy } from 'proxy';
import simpleSocks from 'simple-socks';
import { closeServer, listen, LISTEN_BACKLOG, listenOutsideEphemeralRange } from './listening';
import { trackSockets } from './socket-tracker';

export type UpstreamBehaviour =
  /** A working proxy. */
  | 'serve'
  /** Its port refuses connections: the listener is closed (ECONNREFUSED). */
  | 'refuse'
  /** Accepts TCP, reads, never answers anything: a proxy that hangs on connect. */
  | 'hang'
  /** Answers every request and CONNECT with 407 (HTTP), every login with RFC 1929's failure (SOCKS5). */
  | 'deny-login';

/** One connection an upstream forwarded towards a destination. */
export interface ServedConnection {
  via: 'http-request' | 'http-connect' | 'socks5';
  /** `host:port` for tunnels (CONNECT, SOCKS5), the request's URL for plain requests. */
  target: string;
  /** The login it was given. */
  username: string;
}

export interface FleetUpstream {
  /** 0..N-1. */
  readonly index: number;
  readonly host: '127.0.0.1';
  /** The same across behaviours: after 'refuse', 'serve' listens on this port again. */
  readonly port: number;
  /** Its own login (`user-<index>`). */
  readonly username: string;
  /** Its own random password. */
  readonly password: string;
  /** The address its outgoing connections come from, 127.0.0.(10+index): the exit IP an origin sees. */
  readonly exitAddress: string;
  /** What it forwarded (CONNECT tunnels, plain requests, SOCKS5 CONNECTs), in order. */
  readonly served: ServedConnection[];
  /** Client TCP connections it accepted, whatever happened next. */
  accepted(): number;
  /** Client TCP connections open right now. */
  open(): number;
  /** Switches behaviour; 'refuse' closes the listener and drops open connections (a proxy that dies mid-run). */
  setBehaviour(behaviour: UpstreamBehaviour): Promise<void>;
}

export interface UpstreamFleet {
  readonly upstreams: FleetUpstream[];
  /** Closes every listener and connection. */
  close(): Promise<void>;
}

/** The first byte of a SOCKS5 greeting (the protocol version); an HTTP request starts with a letter. */
const SOCKS5_VERSION = 0x05;

/** RFC 1929's answer to a refused login: version 1, status "failure" (simple-socks' own is longer). */
const LOGIN_REFUSED = Buffer.from([0x01, 0x01]);

/**
 * `count` real upstream proxies on 127.0.0.1, each with its own login and exit address, each
 * speaking HTTP (plain and CONNECT, Basic login) and SOCKS5 (RFC 1929 login) on one port as
 * providers' entry points do. `behaviours[i]` sets upstream i's behaviour (default 'serve').
 */
export async function startUpstreamFleet(
  count: number,
  behaviours: UpstreamBehaviour[] = [],
): Promise<UpstreamFleet> {
  const upstreams: Array<FleetUpstream & { close(): Promise<void> }> = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const upstream = await startUpstream(index);
      upstreams.push(upstream);
      await upstream.setBehaviour(behaviours[index] ?? 'serve');
    }
  } catch (error) {
    await Promise.all(upstreams.map((upstream) => upstream.close()));
    throw error;
  }
  return {
    upstreams,
    close: async () => {
      await Promise.all(upstreams.map((upstream) => upstream.close()));
    },
  };
}

async function startUpstream(index: number): Promise<FleetUpstream & { close(): Promise<void> }> {
  const username = `user-${index}`;
  const password = randomBytes(12).toString('hex');
  // Linux routes all of 127/8 to loopback: each upstream leaves from an address of its own.
  const exitAddress = `127.0.0.${10 + index}`;
  const served: ServedConnection[] = [];
  let behaviour: UpstreamBehaviour = 'serve';
  const logsIn = (given: string, secret: string) =>
    behaviour !== 'deny-login' && given === username && secret === password;

  const http = createProxy(createHttpServer());
  http.localAddress = exitAddress;
  http.authenticate = (request) => {
    const [given, secret] = basicLoginOf(request);
    if (!logsIn(given, secret)) return false;
    // The proxy package forwards every request it authenticates (once per request on a kept-alive
    // connection), so this is the moment it starts towards the destination.
    const via = request.method === 'CONNECT' ? 'http-connect' : 'http-request';
    served.push({ via, target: request.url ?? '', username: given });
    return true;
  };

  // simple-socks hands the login and the destination to separate callbacks; the client's
  // address:port joins them.
  const socksLogins = new Map<string, string>();
  const socks = simpleSocks.createServer({
    authenticate(given, secret, socket, callback) {
      if (!logsIn(given, secret)) return void socket.end(LOGIN_REFUSED);
      const client = `${socket.remoteAddress}:${socket.remotePort}`;
      socksLogins.set(client, given);
      socket.once('close', () => socksLogins.delete(client));
      callback();
    },
    connectionOptions(destination, origin, defaults, callback) {
      const given = socksLogins.get(`${origin.address}:${origin.port}`) ?? '';
      served.push({
        via: 'socks5',
        target: `${destination.address}:${destination.port}`,
        username: given,
      });
      callback(null, { ...defaults, localAddress: exitAddress });
    },
  });

  const entry = createNetServer((socket: Socket) => {
    // A client that resets mid-way is part of these tests, not a fault of the fleet.
    socket.on('error', () => {});
    socket.once('data', (first: Buffer) => {
      // Hanging means reading on (to see the client leave) and never saying a word.
      if (behaviour === 'hang') return;
      socket.pause();
      socket.unshift(first);
      (first[0] === SOCKS5_VERSION ? socks : http).emit('connection', socket);
      socket.resume();
    });
  });
  const sockets = trackSockets(entry);
  // Below the ephemeral range: while it refuses, no other test's server can take its number.
  await listenOutsideEphemeralRange((candidate) => listenAgain(entry, candidate));
  const { port } = entry.address() as AddressInfo;

  const stopListening = () => closeServer(entry, sockets);
  return {
    index,
    host: '127.0.0.1',
    port,
    username,
    password,
    exitAddress,
    served,
    accepted: () => sockets.accepted,
    open: () => sockets.open,
    async setBehaviour(next) {
      if (next === 'refuse' && entry.listening) await stopListening();
      if (next !== 'refuse' && !entry.listening) await listenAgain(entry, port);
      behaviour = next;
    },
    close: async () => {
      if (entry.listening) await stopListening();
      else sockets.destroyAll();
    },
  };
}

function basicLoginOf(request: IncomingMessage): [string, string] {
  const [scheme, encoded] = (request.headers['proxy-authorization'] ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return ['', ''];
  const [username = '', ...password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return [username, password.join(':')];
}

/** Listens on `port` again, as a proxy brought back up keeps its address. */
function listenAgain(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** A tiny origin for the fleet's tests: it answers who called (through the fleet, an exit address). */
export interface ExitEcho {
  readonly port: number;
  /** `http://127.0.0.1:<port><path>`. */
  url(path?: string): string;
  close(): Promise<void>;
}

/** What `/bytes/N` writes at a time (the last piece shorter). */
const PIECE = Buffer.alloc(64 * 1024, 'x');

/**
 * An HTTP server on 127.0.0.1 answering every request with the caller's address as plain text,
 * and `/bytes/N` with N bytes (Content-Length, written in 64 KB pieces as the reader takes them)
 * for throughput.
 */
export async function startExitEcho(): Promise<ExitEcho> {
  const server = createHttpServer((request, response) => {
    const size = /^\/bytes\/(\d+)$/.exec(request.url ?? '');
    if (!size) {
      const caller = Buffer.from(`${request.socket.remoteAddress ?? ''}\n`);
      response.writeHead(200, { 'content-length': String(caller.length) });
      return void response.end(caller);
    }
    let left = Number(size[1]);
    response.writeHead(200, { 'content-length': String(left) });
    const pump = () => {
      while (left > 0) {
        const piece = PIECE.subarray(0, left);
        left -= piece.length;
        if (!response.write(piece)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  const sockets = trackSockets(server);
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    close: () => closeServer(server, sockets),
  };
}
