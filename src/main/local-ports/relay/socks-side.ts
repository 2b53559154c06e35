import type { Socket } from 'node:net';
import { openAppTunnel } from './app-tunnel';
import { closeAfterReply } from './close-after-reply';
import type { ConnectionDeadlines } from './connection-deadlines';
import type { SideContext } from './side-context';
import { acceptSocks5, socks5Reply } from './socks5-handshake';
import { splice } from './splice';

/**
 * The local SOCKS5 side. The handshake is written here (socks5-handshake.ts, about 120 lines)
 * rather than taken from a SOCKS server library, after checking the candidates with `npm view`:
 * simple-socks (3.6.0, maintained) always dials the destination itself with net.createConnection
 * (its `connectionOptions` only tunes that TCP connect), so it cannot open the connection through
 * our upstream, and it answers a refused RFC 1929 login with a reply clients cannot parse;
 * socksv5 (0.0.6) and socks5-server (0.1.1) are pre-1.0 packages with a single line of releases
 * and no maintainer activity to speak of. The upstream side is the maintained `socks` client
 * (upstream-tunnel.ts).
 *
 * Every way out but a spliced tunnel closes the connection for good: a refusal or an upstream
 * failure with its reply (`closeAfterReply`), anything else at once.
 */
export async function serveSocks5(
  socket: Socket,
  context: SideContext,
  deadlines: ConnectionDeadlines,
): Promise<void> {
  try {
    const handshake = await acceptSocks5(socket, context.localPassword);
    if ('refusal' in handshake) {
      closeAfterReply(socket, handshake.refusal);
      return;
    }
    // The app's part is done; the upstream has the tunnel timeout of its own.
    deadlines.handshakeDone();
    const upstream = await openAppTunnel(
      socket,
      handshake.destination,
      handshake.username,
      context,
      (failure) => closeAfterReply(socket, socks5Reply(failure.socksReply)),
    );
    if (!upstream) return;
    socket.write(socks5Reply(0x00));
    splice(socket, upstream);
  } catch {
    // Not SOCKS5 after all, or the app went away mid-handshake.
    socket.destroy();
  }
}
