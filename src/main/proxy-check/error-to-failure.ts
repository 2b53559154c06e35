import { networkErrorOf } from '../errors/network-error';
import { CheckFailure, type FailureContext } from './check-failure';

/** The socks client's messages (socks 2.x `ERRORS`), matched by their stable beginnings. */
const SOCKS_AUTH_FAILED = 'Socks5 Authentication failed';
const SOCKS_NO_AUTH_METHOD = 'no accepted authentication type';
const SOCKS_REJECTED = 'Socks5 proxy rejected connection - ';
const SOCKS_TIMED_OUT = 'Proxy connection timed out';
const SOCKS_SOCKET_CLOSED = 'Socket closed';
const SOCKS_BAD_ANSWER = 'Received invalid Socks5';
/** What the socks client says when an answer comes in longer than the protocol allows. */
const SOCKS_CONFUSED = 'SocksClient internal error';
/** https-proxy-agent's messages when the proxy does not answer CONNECT with an HTTP response. */
const CONNECT_UNANSWERED = 'Proxy connection ended before receiving CONNECT response';
const CONNECT_GARBLED = /from proxy CONNECT response/;

/**
 * The failure a thrown error stands for. Error texts from the network are never passed on: only
 * codes and the socks reply name, which cannot hold a password, make it into the message.
 */
export function failureFromError(error: unknown, context: FailureContext): CheckFailure {
  if (error instanceof CheckFailure) return error;
  const message = error instanceof Error ? error.message : '';
  return (
    socksFailure(message, context) ??
    connectFailure(message, context) ??
    codeFailure(error, context)
  );
}

function socksFailure(message: string, { proxy }: FailureContext): CheckFailure | null {
  if (message.startsWith(SOCKS_AUTH_FAILED)) {
    return new CheckFailure(
      'auth_refused',
      `The proxy ${proxy} refused the username or password (SOCKS5).`,
    );
  }
  if (message.includes(SOCKS_NO_AUTH_METHOD)) {
    return new CheckFailure(
      'auth_refused',
      `The proxy ${proxy} accepts none of the sign-in methods offered (SOCKS5).`,
    );
  }
  if (message.startsWith(SOCKS_REJECTED)) {
    const reply = spaced(message.slice(SOCKS_REJECTED.length));
    return new CheckFailure(
      'proxy_error',
      `The proxy ${proxy} would not connect to the echo service (SOCKS5 reply: ${reply}).`,
    );
  }
  if (message.startsWith(SOCKS_TIMED_OUT)) {
    return new CheckFailure('timeout', `The proxy ${proxy} did not finish the SOCKS5 handshake.`);
  }
  if (message === SOCKS_SOCKET_CLOSED) {
    return new CheckFailure(
      'proxy_error',
      `The proxy ${proxy} closed the connection during the SOCKS5 handshake.`,
    );
  }
  if (message.startsWith(SOCKS_BAD_ANSWER) || message.startsWith(SOCKS_CONFUSED)) {
    return new CheckFailure('proxy_error', `The proxy ${proxy} did not answer as a SOCKS5 proxy.`);
  }
  return null;
}

function connectFailure(message: string, { proxy }: FailureContext): CheckFailure | null {
  if (message === CONNECT_UNANSWERED) {
    return new CheckFailure(
      'proxy_error',
      `The proxy ${proxy} closed the connection without answering the tunnel request.`,
    );
  }
  if (CONNECT_GARBLED.test(message)) {
    return new CheckFailure('proxy_error', `The proxy ${proxy} did not answer as an HTTP proxy.`);
  }
  return null;
}

function codeFailure(error: unknown, { proxy, echoHost }: FailureContext): CheckFailure {
  const { kind, code, hostname } = networkErrorOf(error);
  switch (kind) {
    case 'refused':
      return new CheckFailure(
        'connection_refused',
        `Nothing accepts connections at the proxy ${proxy} (connection refused).`,
      );
    case 'dns':
      return new CheckFailure(
        'dns',
        `The host name ${hostname ?? echoHost} could not be resolved while checking the proxy ${proxy}.`,
      );
    case 'tls':
      return new CheckFailure(
        'tls',
        `The secure connection to the echo service through the proxy ${proxy} failed (${code}).`,
      );
    case 'certificate':
      return new CheckFailure(
        'tls',
        `The echo service's certificate was not accepted through the proxy ${proxy} (${code}).`,
      );
    case 'broken':
      return new CheckFailure(
        'network',
        `The connection through the proxy ${proxy} broke off${code ? ` (${code})` : ''}.`,
      );
  }
}

/** "NetworkUnreachable" → "network unreachable". */
function spaced(name: string): string {
  return name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
}
