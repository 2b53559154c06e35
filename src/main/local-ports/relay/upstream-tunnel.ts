import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SocksClient } from 'socks';
import { HandshakeChannel } from './handshake-channel';
import { connectHead } from './http-heads';
import { readBuffers } from './read-buffers';
import type { SocketSet } from './socket-set';
import { upstreamProxyAuthorization, type UpstreamProxy } from '../../upstream/upstream-proxy';
import { upstreamFailureOf, upstreamFailures } from './upstream-failure';
import type { Destination } from './destination';

/** Bytes that would end or split a head's line if written into it: C0 controls, space, DEL. */
// eslint-disable-next-line no-control-regex -- control bytes are exactly what it looks for
const HEAD_BREAKING = /[\x00-\x20\x7f]/;

/**
 * How an open tunnel's bytes are read, when the caller asks: into the reused read buffers
 * (read-buffers.ts) and handed to this, as net's `onread` callback is, rather than as a new buffer
 * for every read in 'data' events (a third of a download's CPU). The caller gives each buffer back
 * once its bytes are written. Only for protocols where the site speaks after the client: what the
 * site might send with the tunnel's opening is not passed on.
 */
export type TunnelReads = (length: number, buffer: Uint8Array) => void;

/**
 * Opens a byte stream to `destination` through the upstream, with the upstream's credentials:
 * HTTP CONNECT or SOCKS5. Both local sides (HTTP CONNECT and SOCKS5) and plain HTTP requests to a
 * SOCKS5 upstream come through here, so each failure is worded once (an `UpstreamFailure`). Host
 * names are passed on unresolved (SOCKS5 domain type, or the CONNECT line): the upstream resolves
 * them, as socks5h does. The socket is in `sockets` from the moment it exists.
 *
 * A host that could break a head (CR, LF, NUL, any control byte, a space) is refused before
 * anything is opened, whoever the caller: each side checks its own input, this is the last line
 * before the host is written into the CONNECT line and Host header.
 */
export async function openUpstreamTunnel(
  upstream: UpstreamProxy,
  destination: Destination,
  sockets: SocketSet,
  timeoutMs: number,
  reads?: TunnelReads,
): Promise<Socket> {
  if (HEAD_BREAKING.test(destination.host)) throw upstreamFailures.badDestination();
  // With `reads`, the handshake is spoken over a channel fed copies of the socket's reads.
  let handshake: HandshakeChannel | null = null;
  const onread = (length: number, buffer: Uint8Array): boolean => {
    if (handshake === null) {
      reads?.(length, buffer);
    } else {
      handshake.received(Buffer.from(buffer.subarray(0, length)));
      readBuffers.release(buffer);
    }
    return true;
  };
  const socket = sockets.add(
    connect({
      host: upstream.host,
      port: upstream.port,
      ...(reads && { onread: { buffer: readBuffers.next, callback: onread } }),
    }),
  );
  // Latency only (a handshake's small writes go at once): its mutant is left to survive.
  socket.setNoDelay(true);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    socket.destroy();
  }, timeoutMs);
  try {
    await connected(socket);
    // Made once connected: a refused connection is the caller's error, not a stray one here.
    const channel: Duplex = reads ? (handshake = new HandshakeChannel(socket)) : socket;
    if (upstream.protocol === 'socks5') {
      await SocksClient.createConnection({
        proxy: {
          host: upstream.host,
          port: upstream.port,
          type: 5,
          userId: upstream.username,
          password: upstream.password,
        },
        command: 'connect',
        destination,
        existing_socket: channel,
        timeout: timeoutMs,
      });
    } else {
      await httpConnect(channel, upstream, destination);
    }
    handshake?.detach();
    handshake = null;
    return socket;
  } catch (error) {
    socket.destroy();
    throw timedOut ? upstreamFailures.timedOut() : upstreamFailureOf(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits for the connection. Emptying it is an equivalent mutant, left to survive: bytes written
 * before the connection is made are queued, and a refusal then reaches the handshake's own error
 * listener, in the same words.
 */
function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(upstreamFailures.closed());
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.off('close', onClose);
      resolve();
    });
    socket.once('error', reject);
    socket.once('close', onClose);
  });
}

/** The most an upstream's answer to CONNECT may hold before its blank line. */
const MAX_CONNECT_ANSWER = 16 * 1024;

/**
 * Sends CONNECT and reads the answer's head. Written out here rather than with http.request so
 * that bytes the upstream sends after the head stay on the socket for the tunnel.
 */
function httpConnect(
  socket: Duplex,
  upstream: UpstreamProxy,
  destination: Destination,
): Promise<void> {
  socket.write(connectHead(destination, upstreamProxyAuthorization(upstream)));
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_CONNECT_ANSWER) settle(upstreamFailures.notHttp());
        return;
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1', 0, end));
      if (!status) return settle(upstreamFailures.notHttp());
      const code = Number(status[1]);
      if (code < 200 || code > 299) return settle(upstreamFailures.connectStatus(code));
      const rest = head.subarray(end + 4);
      settle(null);
      // Nothing after the head unshifts nothing.
      socket.unshift(rest);
    };
    const onEnd = () => settle(upstreamFailures.closed());
    const settle = (failure: Error | null) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.off('error', reject);
      socket.pause();
      if (failure) reject(failure);
      else resolve();
    };
    // Equivalent mutants, left to survive: without 'end' the 'close' that follows it settles the
    // same way, and without 'error' so does the 'close' after it (an error here is a reset or a
    // broken pipe, worded "closed" either way).
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
    socket.once('error', reject);
  });
}
