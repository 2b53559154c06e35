import { Agent, type ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SideContext } from './side-context';
import { upstreamFailureOf } from './upstream-failure';
import { openUpstreamTunnel } from './upstream-tunnel';

/**
 * The connections proxy-chain makes for plain (non-CONNECT) HTTP requests to a SOCKS5 upstream,
 * handed to it through `prepareRequestFunction`'s `httpAgent`: each is a tunnel to the request's
 * site through the upstream (upstream-tunnel.ts), the same path, and the same worded failures, as
 * CONNECT and the SOCKS side. Keep-alive, so a run of requests to a site reuses its tunnel; ours
 * rather than Node's global agent, so that every socket is in the port's SocketSet (close() ends
 * them) and a failure is recorded in the stats. (proxy-chain's own socks upstream works too, but
 * makes a new SocksProxyAgent, so a new SOCKS connection, for every request, and reports its
 * failures only to the client, as a bare status code.)
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
