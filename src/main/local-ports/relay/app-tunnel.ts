import type { Socket } from 'node:net';
import type { SideContext } from './side-context';
import { openRoutedTunnel } from './routed-tunnel';
import { upstreamFailureOf, type UpstreamFailure } from './upstream-failure';
import type { Destination } from './destination';

/**
 * The tunnel an app asked for (HTTP CONNECT or SOCKS5), opened through the upstream its login
 * (`username`, or null) binds it to. On failure the port's stats keep why, in words, and `refuse`
 * answers the app in its own protocol; null then, as when the app went away while the tunnel was
 * being opened (which is closed again).
 */
export async function openAppTunnel(
  app: Socket,
  destination: Destination,
  username: string | null,
  context: SideContext,
  refuse: (failure: UpstreamFailure) => void,
): Promise<Socket | null> {
  let upstream: Socket;
  try {
    upstream = await openRoutedTunnel(
      context.route.bind(username),
      destination,
      context.sockets,
      context.tunnelTimeoutMs,
    );
  } catch (error) {
    const failure = upstreamFailureOf(error);
    context.stats.recordError(failure.message);
    // A refusal to a destroyed app writes nothing anyway (an equivalent mutant, left to survive).
    if (!app.destroyed) refuse(failure);
    return null;
  }
  if (app.destroyed) {
    upstream.destroy();
    return null;
  }
  return upstream;
}
