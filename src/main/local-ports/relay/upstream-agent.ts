import { Agent, type ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Binding } from './route';
import type { SideContext } from './side-context';
import { openRoutedTunnel } from './routed-tunnel';
import { upstreamFailureOf } from './upstream-failure';

/**
 * The connections proxy-chain makes for one app connection's plain (non-CONNECT) HTTP requests to
 * a SOCKS5 upstream, handed to it through `prepareRequestFunction`'s `httpAgent`: each is a tunnel
 * to the request's site through the app connection's upstream (`binding`: routed-tunnel.ts), the
 * same path, and the same worded failures, as CONNECT and the SOCKS side. Keep-alive, so a run of
 * requests to a site reuses its tunnel, and one agent per app connection, so that its tunnels go
 * where its binding says and end with it (http-side.ts destroys the agent when the app's
 * connection closes: no idle tunnel outlives its app). Ours rather than Node's global agent, so
 * that every socket is in the port's SocketSet (close() ends them) and a failure is recorded in
 * the stats. (proxy-chain's own socks upstream works too, but makes a new SocksProxyAgent, so a
 * new SOCKS connection, for every request, and reports its failures only to the client, as a
 * bare status code.)
 */
export class UpstreamAgent extends Agent {
  constructor(
    private readonly context: SideContext,
    private readonly binding: Binding,
  ) {
    super({ keepAlive: !binding.perRequest });
  }

  /** Whether this agent serves one request only ("a new upstream for each plain HTTP request"). */
  get perRequest(): boolean {
    return this.binding.perRequest;
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const { sockets, stats, tunnelTimeoutMs } = this.context;
    const destination = { host: options.host ?? 'localhost', port: Number(options.port ?? 80) };
    openRoutedTunnel(this.binding, destination, sockets, tunnelTimeoutMs).then(
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
