import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import {
  DEFAULT_GLOBAL_CONNECTIONS,
  processConnectionBudget,
  type ConnectionBudget,
} from './relay/connection-budget';
import {
  ConnectionDeadlines,
  DEFAULT_DEADLINES,
  type DeadlineTimes,
} from './relay/connection-deadlines';
import { findFreePort } from './free-port';
import { relayHttp } from './relay/http-relay';
import { LocalPortError } from './local-port-error';
import { loopbackBindAddress } from './loopback-bind';
import { PortStats, type LocalPortStats } from './relay/port-stats';
import type { SideContext } from './relay/side-context';
import { sniffProtocol } from './relay/sniff-protocol';
import { SocketSet } from './relay/socket-set';
import { serveSocks5 } from './relay/socks-side';
import type { UpstreamProxy } from '../upstream/upstream-proxy';
import { singleRoute, type Route } from './relay/route';

/** A port's listener, whatever its connections go to. */
export interface ListenerOptions {
  /** The port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** 127.0.0.1 (the default), ::1 or localhost; anything else is refused (`not_loopback`). */
  bindHost?: string;
  /**
   * A password local apps must give ("require a local password", for shared machines): HTTP
   * Proxy-Authorization Basic with any username, SOCKS5 username/password (RFC 1929) with any
   * username. Null or absent: no login. `makeLocalPassword()` makes one.
   */
  localPassword?: string | null;
  /** How long the upstream may take to open a tunnel (default 30 s). */
  tunnelTimeoutMs?: number;
  /** How long an app may take over a handshake or head, and sit idle (connection-deadlines.ts). */
  deadlines?: DeadlineTimes;
  /** The most app connections this port holds at once (default DEFAULT_PORT_CONNECTIONS). */
  maxConnections?: number;
  /** The app connections all ports share (default: the process's, connection-budget.ts). */
  budget?: ConnectionBudget;
}

export interface LocalPortOptions extends ListenerOptions {
  upstream: UpstreamProxy;
}

/** A running local port. */
export interface LocalPort {
  /** The address it listens on: 127.0.0.1 or ::1. */
  readonly host: '127.0.0.1' | '::1';
  readonly port: number;
  /** A snapshot of its counters and last failure; cheap, meant to be polled. */
  stats(): LocalPortStats;
  /** The connections the listener holds, as the system counts them (net.Server#getConnections). */
  getConnections(): Promise<number>;
  /** Stops listening, destroys every open connection (apps' and upstream), resolves when all closed. */
  close(): Promise<void>;
}

const DEFAULT_TUNNEL_TIMEOUT_MS = 30_000;
/**
 * How many connections the system may finish opening before the port takes them (listen(2)'s
 * backlog). Node's default, 511, is below what apps open at once through one port: at 1,000
 * simultaneous connects the queue overflowed, the system dropped the other SYNs, and those apps
 * waited a second or more for a retransmit (issue 30). As many as every port together may hold: a
 * connection queued beyond that would be refused once taken anyway. The system caps it
 * (net.core.somaxconn on Linux, 4,096 by default since 5.4; kern.ipc.somaxconn on macOS).
 */
export const LISTEN_BACKLOG = DEFAULT_GLOBAL_CONNECTIONS;
export const DEFAULT_PORT_CONNECTIONS = 512;

let processBudget: ConnectionBudget | null = null;

/**
 * Starts a local port: a listener on loopback that needs no login (or only the local password)
 * and forwards to the upstream proxy with its credentials, for apps that cannot send proxy
 * credentials (Chromium's --proxy-server, scrapers).
 *
 * HTTP (plain proxy requests and CONNECT) and SOCKS5 share the one port: each connection's first
 * byte says which (0x05 opens a SOCKS5 greeting; no HTTP request starts with it). So a proxy has
 * one address to copy, one port counts against the limit, and both http://127.0.0.1:PORT and
 * socks5://127.0.0.1:PORT work, whatever the app supports.
 *
 * Rejects with a LocalPortError: `not_loopback` (before any socket is opened), `invalid_port`,
 * `port_in_use` (with a suggested free port) or `listen_failed`.
 */
export function startLocalPort(options: LocalPortOptions): Promise<LocalPort> {
  return startRoutedPort({ ...options, route: singleRoute({ ...options.upstream }) });
}

/** A port whose connections go where `route` says: a local port's upstream, or a pool's. */
export async function startRoutedPort(
  options: ListenerOptions & { route: Route },
): Promise<LocalPort> {
  const host = loopbackBindAddress(options.bindHost);
  const requestedPort = options.port ?? 0;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new LocalPortError(
      'invalid_port',
      `${String(requestedPort)} is not a port (a whole number from 1 to 65535, or 0 for any free port).`,
    );
  }
  const stats = new PortStats();
  const sockets = new SocketSet();
  const context: SideContext = {
    route: options.route,
    localPassword: options.localPassword ?? null,
    stats,
    sockets,
    tunnelTimeoutMs: options.tunnelTimeoutMs ?? DEFAULT_TUNNEL_TIMEOUT_MS,
  };
  const deadlines = options.deadlines ?? DEFAULT_DEADLINES;
  const maxConnections = options.maxConnections ?? DEFAULT_PORT_CONNECTIONS;
  const budget = options.budget ?? (processBudget ??= processConnectionBudget());
  const server = createServer((socket) => accept(socket));

  function accept(socket: Socket): void {
    // An app that resets its connection must not crash the process; the socket closes either way.
    socket.on('error', () => {});
    // Over a cap the connection is refused at once, before it costs a read or a timer.
    if (stats.openConnections >= maxConnections || !budget.take()) {
      stats.connectionRefused();
      socket.destroy();
      return;
    }
    socket.once('close', () => budget.release());
    sockets.add(socket);
    stats.connectionOpened(socket);
    // Latency only (a reply's small writes go at once): its mutant is left to survive.
    socket.setNoDelay(true);
    const deadline = new ConnectionDeadlines(socket, deadlines);
    void sniffProtocol(socket).then((protocol) => {
      if (protocol === 'socks5') void serveSocks5(socket, context, deadline);
      else if (protocol === 'http') relayHttp(socket, context, deadline);
    });
  }

  await listen(server, requestedPort, host);
  // After listening, a failed accept (EMFILE at the fd limit) is an 'error' event: without a
  // listener it would end the process. The port keeps serving once descriptors are free again.
  // Tested in a child process at a low fd limit (fd-limit.test.ts), where a mutation run's
  // active mutant does not reach: its mutants are left to survive there.
  server.on('error', (error: NodeJS.ErrnoException) =>
    stats.recordError(`could not take a connection (${error.code ?? 'unknown'})`),
  );
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    host,
    port,
    stats: () => stats.snapshot(),
    getConnections: () =>
      new Promise((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    close: () => {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await sockets.destroyAll();
        await stopped;
      })();
      return closing;
    },
  };
}

async function listen(server: Server, port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // Equivalent mutants, left to survive: `exclusive` matters only in a cluster worker, and a
      // `reject` left listening after the promise settled does nothing.
      server.listen({ port, host, exclusive: true, backlog: LISTEN_BACKLOG }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Listening fails with a code (`?? 'unknown'` is for the type; its mutant is left to survive).
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    if (code === 'EADDRINUSE') {
      const suggestion = await findFreePort(host);
      throw new LocalPortError(
        'port_in_use',
        `Port ${port} on ${host} is already in use by another program. Port ${suggestion} is free.`,
        suggestion,
      );
    }
    throw new LocalPortError(
      'listen_failed',
      `Could not listen on ${host} port ${port} (${code}).`,
    );
  }
}
