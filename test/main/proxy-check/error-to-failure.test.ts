import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../../../src/main/proxy-check/check-failure';
import { failureFromError } from '../../../src/main/proxy-check/error-to-failure';

/**
 * The errors Node, https-proxy-agent and the socks client raise that the local servers cannot
 * provoke (an unreachable network, a resolver outage); the rest is covered end to end in
 * check-proxy.test.ts.
 */
const context = { proxy: '192.0.2.10:8080', echoHost: 'api.ipify.org' };

function nodeError(code: string, message = `connect ${code} 192.0.2.10:8080`, extra = {}) {
  return Object.assign(new Error(message), { code, ...extra });
}

describe('failureFromError', () => {
  it.each([
    [nodeError('ECONNREFUSED'), 'connection_refused'],
    [nodeError('EHOSTUNREACH'), 'network'],
    [nodeError('ENETUNREACH'), 'network'],
    [nodeError('ECONNRESET', 'socket hang up'), 'network'],
    [nodeError('ETIMEDOUT'), 'network'],
    [nodeError('EPIPE'), 'network'],
    [
      nodeError('EAI_AGAIN', 'getaddrinfo EAI_AGAIN proxy.example', { hostname: 'proxy.example' }),
      'dns',
    ],
    [nodeError('ENOTFOUND', 'getaddrinfo ENOTFOUND'), 'dns'],
    [nodeError('ERR_TLS_CERT_ALTNAME_INVALID', 'altnames'), 'tls'],
    [nodeError('ERR_SSL_WRONG_VERSION_NUMBER', 'ssl'), 'tls'],
    [nodeError('CERT_HAS_EXPIRED', 'certificate has expired'), 'tls'],
    [nodeError('UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable'), 'tls'],
    // The socks client keeps only the message of the socket error it wraps.
    [new Error('connect ECONNREFUSED 192.0.2.10:1080'), 'connection_refused'],
    [new Error('connect EHOSTUNREACH 192.0.2.10:1080'), 'network'],
    [new Error('Socks5 Authentication failed'), 'auth_refused'],
    [
      new Error('Received invalid Socks5 initial handshake (no accepted authentication type)'),
      'auth_refused',
    ],
    [new Error('Socks5 proxy rejected connection - HostUnreachable'), 'proxy_error'],
    [new Error('Proxy connection timed out'), 'timeout'],
    [new Error('Socket closed'), 'proxy_error'],
    [new Error('Received invalid Socks5 final handshake response'), 'proxy_error'],
    [new Error('SocksClient internal error (this should not happen)'), 'proxy_error'],
    [new Error('Proxy connection ended before receiving CONNECT response'), 'proxy_error'],
    [new Error('Invalid header from proxy CONNECT response: "x"'), 'proxy_error'],
    [new Error('No header received from proxy CONNECT response'), 'proxy_error'],
    [new Error('something nobody planned for'), 'network'],
    ['a thrown string', 'network'],
    [null, 'network'],
  ] as const)('%s → %s', (error, reason) => {
    const failure = failureFromError(error, context);
    expect(failure.reason).toBe(reason);
    expect(failure.message).toContain('192.0.2.10:8080');
  });

  it('names the host that did not resolve, or else the echo host', () => {
    const named = nodeError('EAI_AGAIN', 'getaddrinfo EAI_AGAIN', { hostname: 'proxy.example' });
    expect(failureFromError(named, context).message).toBe(
      'The host name proxy.example could not be resolved while checking the proxy 192.0.2.10:8080.',
    );
    expect(failureFromError(nodeError('ENOTFOUND'), context).message).toContain('api.ipify.org');
  });

  it('words a SOCKS5 reply for people', () => {
    const error = new Error('Socks5 proxy rejected connection - ConnectionRefused');
    expect(failureFromError(error, context).message).toBe(
      'The proxy 192.0.2.10:8080 would not connect to the echo service (SOCKS5 reply: connection refused).',
    );
  });

  it('never passes on the text of an error', () => {
    const error = nodeError('ECONNRESET', 'read ECONNRESET password=hunter2');
    expect(failureFromError(error, context).message).toBe(
      'The connection through the proxy 192.0.2.10:8080 broke off (ECONNRESET).',
    );
    expect(failureFromError(new Error('hunter2'), context).message).not.toContain('hunter2');
  });

  it('keeps a failure that is already known', () => {
    const known = new CheckFailure('echo_error', 'Known.');
    expect(failureFromError(known, context)).toBe(known);
  });
});
