import type { Socket } from 'node:net';
import type { Binding } from './route';
import type { SocketSet } from './socket-set';
import { upstreamFailureOf, upstreamFailures, type UpstreamFailure } from './upstream-failure';
import type { Destination } from './destination';
import { openUpstreamTunnel, type TunnelReads } from './upstream-tunnel';

/**
 * A tunnel to `destination` through the app connection's upstream (`binding`): where opening fails
 * by the upstream's fault before any byte of the app went through it, the route may move the
 * connection to another upstream and this tries again (a pool's failover); otherwise the failure
 * is thrown, in words (an UpstreamFailure). `reads`: see upstream-tunnel.ts.
 */
export async function openRoutedTunnel(
  binding: Binding,
  destination: Destination,
  sockets: SocketSet,
  timeoutMs: number,
  reads?: TunnelReads,
): Promise<Socket> {
  let last: UpstreamFailure | null = null;
  for (;;) {
    const upstream = binding.choose();
    // Every upstream tried: the app hears the last one's failure, which says more than "none".
    if (upstream === null) throw last ?? upstreamFailures.noUpstream();
    const began = performance.now();
    try {
      const socket = await openUpstreamTunnel(upstream, destination, sockets, timeoutMs, reads);
      // Not killed by a test: the connect time ranks a pool's members for the `fastest` strategy
      // only when they have no check's latency, and the pool tests rank by latency.
      binding.opened(socket, performance.now() - began);
      return socket;
    } catch (error) {
      last = upstreamFailureOf(error);
      if (!binding.failed(last)) throw last;
    }
  }
}
