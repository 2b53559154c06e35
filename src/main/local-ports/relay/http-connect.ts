import type { Socket } from 'node:net';
import { openAppTunnel } from './app-tunnel';
import { closeAfterReply } from './close-after-reply';
import { isHostName } from './host-name';
import { basicUsername } from '../local-password';
import {
  localAnswer,
  localLoginAccepted,
  localLoginRequired,
  upstreamFailureAnswer,
} from './local-answer';
import type { SideContext } from './side-context';
import { splice } from './splice';
import type { Destination } from './upstream-tunnel';

/** What a CONNECT request says: its target (`host:port`) and the app's Proxy-Authorization. */
export interface ConnectRequest {
  target: string;
  proxyAuthorization: string | undefined;
}

/**
 * CONNECT on the local HTTP side of a port whose upstream is SOCKS5, as proxy-chain's server read
 * it (with an HTTP upstream the relay sends CONNECT on: http-relay.ts). It replaces proxy-chain's
 * own CONNECT handling (its chainSocks()) with the tunnel the SOCKS side uses, for three reasons
 * found in proxy-chain 3.0's source: its failures reach only the client, as a status line, with
 * no event for a SOCKS failure, so the port's stats could not say why; it hands the URL's
 * bracketed IPv6 host (`[::1]`) to the socks client, which cannot connect to it; and one tunnel
 * path means one set of worded failures for both local sides. `head` is what the app sent after
 * its CONNECT head, for the tunnel.
 */
export async function serveHttpConnect(
  request: ConnectRequest,
  socket: Socket,
  head: Buffer,
  context: SideContext,
): Promise<void> {
  if (!localLoginAccepted(request.proxyAuthorization, context.localPassword)) {
    closeAfterReply(socket, localLoginRequired());
    return;
  }
  const destination = connectTarget(request.target);
  if (destination === null) {
    closeAfterReply(socket, localAnswer(400, 'The CONNECT target is not host:port.'));
    return;
  }
  const username = basicUsername(request.proxyAuthorization);
  const upstream = await openAppTunnel(socket, destination, username, context, (failure) =>
    closeAfterReply(socket, upstreamFailureAnswer(failure)),
  );
  if (!upstream) return;
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  if (head.length > 0) upstream.write(head);
  splice(socket, upstream);
}

/**
 * `host:port` or `[v6]:port` from a CONNECT line, or null. The host must be a host name or an
 * address, by the rule the SOCKS5 side applies to its domains (host-name.ts): it is written into
 * the upstream's CONNECT line and Host field, where a CR, LF or NUL would start a field or a
 * request of the app's choosing.
 */
export function connectTarget(target: string): Destination | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(target);
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!host || !isHostName(host) || !Number.isInteger(port) || port < 1 || port > 65535) {
    return null;
  }
  return { host, port };
}
