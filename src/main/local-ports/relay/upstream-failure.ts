import { networkErrorOf } from '../../errors/network-error';

/**
 * Why a connection through the upstream could not be opened.
 * - `auth_refused`: the upstream refused its login (HTTP 407, SOCKS5 auth failure).
 * - `unreachable`: nothing answered at the upstream's address (refused, no route, timed out).
 * - `dns`: the upstream's host name did not resolve.
 * - `closed`: the upstream closed the connection before the tunnel was open.
 * - `timeout`: the upstream took too long to open the tunnel.
 * - `target_refused`: the upstream answered but would not connect to the destination.
 * - `bad_answer`: what came back was not the protocol asked for.
 * - `bad_destination`: the destination could not be asked for (a host that would break a head);
 *   nothing was sent to the upstream.
 * - `no_upstream`: a pool had no proxy left to try (all benched, or it has none).
 */
export type UpstreamFailureKind =
  | 'auth_refused'
  | 'unreachable'
  | 'dns'
  | 'closed'
  | 'timeout'
  | 'target_refused'
  | 'bad_answer'
  | 'bad_destination'
  | 'no_upstream';

/** SOCKS5 reply codes (RFC 1928 §6) a local SOCKS client is answered with. */
export const SOCKS_REPLY = {
  generalFailure: 0x01,
  notAllowed: 0x02,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/**
 * A failure in words a user can read ("the proxy refused the login (407)"). The words are built
 * here from status codes, error codes and reply names only, never from an error's own text, and
 * the credentials are not in scope: a password cannot reach them.
 */
export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';

  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
    /** The status a local HTTP CONNECT is answered with. */
    readonly httpStatus = 502,
    /** The reply a local SOCKS5 CONNECT is answered with. */
    readonly socksReply: number = SOCKS_REPLY.generalFailure,
  ) {
    super(message);
  }
}

export const upstreamFailures = {
  timedOut: () =>
    new UpstreamFailure('timeout', 'the proxy did not open the connection in time', 504),
  closed: () => new UpstreamFailure('closed', 'the proxy closed the connection'),
  connectStatus(status: number): UpstreamFailure {
    if (status === 407)
      return new UpstreamFailure('auth_refused', 'the proxy refused the login (407)');
    return new UpstreamFailure(
      'target_refused',
      `the proxy would not open the connection (HTTP ${status})`,
      status >= 400 && status <= 599 ? status : 502,
      status === 403 ? SOCKS_REPLY.notAllowed : SOCKS_REPLY.hostUnreachable,
    );
  },
  noUpstream: () =>
    new UpstreamFailure('no_upstream', 'no proxy of the pool could open the connection', 503),
  notHttp: () => new UpstreamFailure('bad_answer', 'the proxy did not answer as an HTTP proxy'),
  badDestination: () =>
    new UpstreamFailure(
      'bad_destination',
      'the destination is not a host name the proxy can be asked for',
      400,
      SOCKS_REPLY.hostUnreachable,
    ),
};

/** socks 2.x's messages (its `ERRORS`), matched by their stable beginnings. */
const SOCKS_AUTH_FAILED = 'Socks5 Authentication failed';
const SOCKS_NO_AUTH_METHOD = 'no accepted authentication type';
const SOCKS_REJECTED = 'Socks5 proxy rejected connection - ';
const SOCKS_TIMED_OUT = 'Proxy connection timed out';
/** socks' names of the reply codes (`Socks5Response`), back to the codes a local client gets. */
const SOCKS_REPLY_BY_NAME: Record<string, number> = {
  Failure: 0x01,
  NotAllowed: 0x02,
  NetworkUnreachable: 0x03,
  HostUnreachable: 0x04,
  ConnectionRefused: 0x05,
  TTLExpired: 0x06,
  CommandNotSupported: 0x07,
  AddressNotSupported: 0x08,
};

/** The failure a thrown error stands for, whatever threw it (socket, socks client, our code). */
export function upstreamFailureOf(error: unknown): UpstreamFailure {
  if (error instanceof UpstreamFailure) return error;
  // Equivalent, left to survive: any other text for a non-Error reaches the same end below.
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith(SOCKS_AUTH_FAILED) || message.includes(SOCKS_NO_AUTH_METHOD)) {
    return new UpstreamFailure('auth_refused', 'the proxy refused the login (SOCKS5)');
  }
  if (message.startsWith(SOCKS_REJECTED)) {
    const name = message.slice(SOCKS_REJECTED.length).trim();
    const reply = SOCKS_REPLY_BY_NAME[name] ?? SOCKS_REPLY.generalFailure;
    const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() || 'refused';
    return new UpstreamFailure(
      'target_refused',
      `the proxy would not open the connection (SOCKS5: ${words})`,
      502,
      reply,
    );
  }
  if (message.startsWith(SOCKS_TIMED_OUT)) return upstreamFailures.timedOut();
  if (message.startsWith('Received invalid Socks5') || message.startsWith('SocksClient internal')) {
    return new UpstreamFailure('bad_answer', 'the proxy did not answer as a SOCKS5 proxy');
  }
  const { kind, code } = networkErrorOf(error);
  if (kind === 'refused') {
    return new UpstreamFailure(
      'unreachable',
      'the proxy could not be reached (connection refused)',
    );
  }
  if (kind === 'dns') {
    return new UpstreamFailure('dns', "the proxy's host name could not be found");
  }
  if (code === 'ETIMEDOUT') {
    return new UpstreamFailure('unreachable', 'the proxy could not be reached (timed out)', 504);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new UpstreamFailure('unreachable', `the proxy could not be reached (${code})`);
  }
  // Resets, broken pipes, "socket hang up" and the socks client's "Socket closed": the proxy went
  // away while we talked to it.
  return upstreamFailures.closed();
}
