import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { basicPassword, passwordMatches } from './local-password';
import type { SideContext } from './side-context';
import { splice } from './splice';
import { openAppTunnel } from './app-tunnel';
import type { Destination } from './upstream-tunnel';

export const LOCAL_REALM = 'Proxy Tray local port';

/**
 * CONNECT on the local HTTP side. It replaces proxy-chain's own CONNECT handling (its chain() and
 * chainSocks()) with the tunnel the SOCKS side uses, for three reasons found in proxy-chain 3.0's
 * source: their failures reach only the client, as a status line (`597 UPSTREAM407`), with no
 * event for a refused connection or a SOCKS failure, so the port's stats could not say why;
 * chainSocks hands the URL's bracketed IPv6 host (`[::1]`) to the socks client, which cannot
 * connect to it; and one tunnel path means one set of worded failures for both local sides.
 * The client's own Proxy-Authorization is read here and never sent on: the CONNECT line to the
 * upstream is built from scratch (upstream-tunnel.ts).
 */
export async function serveHttpConnect(
  request: IncomingMessage,
  socket: Socket,
  head: Buffer,
  context: SideContext,
): Promise<void> {
  if (!localLoginAccepted(request, context.localPassword)) {
    socket.end(answer(407, 'This local port needs its password.', localChallenge()));
    return;
  }
  const destination = connectTarget(request.url ?? '');
  if (destination === null) {
    socket.end(answer(400, 'The CONNECT target is not host:port.'));
    return;
  }
  const upstream = await openAppTunnel(socket, destination, context, (failure) =>
    socket.end(answer(failure.httpStatus, `Proxy Tray: ${failure.message}.`)),
  );
  if (!upstream) return;
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  if (head.length > 0) upstream.write(head);
  splice(socket, upstream);
}

/** True when no local password is set, or the request's Basic login carries it. */
export function localLoginAccepted(
  request: IncomingMessage,
  localPassword: string | null,
): boolean {
  if (localPassword === null) return true;
  const given = basicPassword(request.headers['proxy-authorization']);
  return given !== null && passwordMatches(given, localPassword);
}

export function localChallenge(): Record<string, string> {
  return { 'Proxy-Authenticate': `Basic realm="${LOCAL_REALM}"` };
}

/** `host:port` or `[v6]:port` from a CONNECT line, or null. */
export function connectTarget(target: string): Destination | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(target);
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host, port };
}

function answer(status: number, text: string, headers: Record<string, string> = {}): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`];
  const all = {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
  };
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}
