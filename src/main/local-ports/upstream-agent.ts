import { Agent, type ClientRequestArgs } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { SideContext } from './side-context';
import { upstreamFailureOf } from './upstream-failure';
import { openUpstreamTunnel } from './upstream-tunnel';

/**
 * The connections proxy-chain makes for plain (non-CONNECT) HTTP requests, handed to it through
 * `prepareRequestFunction`'s `httpAgent`. Keep-alive, so a run of requests reuses its upstream
 * connections. Ours rather than Node's global agent, so that every socket is in the port's
 * SocketSet (close() ends them) and a failure to reach the upstream is recorded in the stats.
 *
 * - HTTP upstream: proxy-chain sends the request in absolute form, with the login, to the
 *   upstream: this agent only opens the TCP connection to it.
 * - SOCKS5 upstream: proxy-chain is given no upstream URL and sends the request to the origin
 *   through this agent, whose connection is a tunnel through the upstream (upstream-tunnel.ts):
 *   the same path, and the same worded failures, as CONNECT and the SOCKS side. (proxy-chain's own
 *   socks upstream works too, but makes a new SocksProxyAgent, so a new SOCKS connection, for
 *   every request, and reports its failures only to the client, as a bare status code.)
 */
export class UpstreamAgent extends Agent {
  constructor(private readonly context: SideContext) {
    super({ keepAlive: true });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const { upstream, sockets, stats, tunnelTimeoutMs } = this.context;
    if (upstream.protocol === 'http') {
      const socket = sockets.add(connect({ host: upstream.host, port: upstream.port }));
      socket.setNoDelay(true);
      recordConnectFailure(socket, (message) => stats.recordError(message));
      return socket;
    }
    const destination = { host: options.host ?? 'localhost', port: Number(options.port ?? 80) };
    openUpstreamTunnel(upstream, destination, sockets, tunnelTimeoutMs).then(
      (socket) => callback?.(null, socket),
      (error: unknown) => {
        const failure = upstreamFailureOf(error);
        stats.recordError(failure.message);
        callback?.(failure, undefined as unknown as Duplex);
      },
    );
    return undefined;
  }
}

/** Records an error that ends the connection before it was made (later ones are the request's). */
function recordConnectFailure(socket: Socket, record: (message: string) => void): void {
  const onError = (error: Error) => record(upstreamFailureOf(error).message);
  socket.once('error', onError);
  socket.once('connect', () => socket.off('error', onError));
}
