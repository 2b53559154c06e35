import { describe, expect, it } from 'vitest';
import { networkErrorOf } from '../../../src/main/errors/network-error';

/** An error as Node's net, dns and tls modules throw it: a code, sometimes a host name. */
function nodeError(code: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`connect ${code} 192.0.2.10:8080`), { code, ...extra });
}

describe('networkErrorOf', () => {
  it.each([
    ['ECONNREFUSED', { kind: 'refused', code: null, hostname: null }],
    ['ENOTFOUND', { kind: 'dns', code: null, hostname: null }],
    ['EAI_AGAIN', { kind: 'dns', code: null, hostname: null }],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      { kind: 'tls', code: 'ERR_TLS_CERT_ALTNAME_INVALID', hostname: null },
    ],
    [
      'ERR_SSL_WRONG_VERSION_NUMBER',
      { kind: 'tls', code: 'ERR_SSL_WRONG_VERSION_NUMBER', hostname: null },
    ],
    ['EPROTO', { kind: 'tls', code: 'EPROTO', hostname: null }],
    ['CERT_HAS_EXPIRED', { kind: 'certificate', code: 'CERT_HAS_EXPIRED', hostname: null }],
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      { kind: 'certificate', code: 'DEPTH_ZERO_SELF_SIGNED_CERT', hostname: null },
    ],
    ['ECONNRESET', { kind: 'broken', code: 'ECONNRESET', hostname: null }],
    ['ETIMEDOUT', { kind: 'broken', code: 'ETIMEDOUT', hostname: null }],
  ])('reads %s as %o', (code, expected) => {
    expect(networkErrorOf(nodeError(code))).toEqual(expected);
  });

  it('keeps the host a lookup failed for', () => {
    const error = nodeError('ENOTFOUND', { hostname: 'proxy.example' });
    expect(networkErrorOf(error)).toEqual({ kind: 'dns', code: null, hostname: 'proxy.example' });
  });

  it('reads the code back from the text when a client re-wrapped the error without it', () => {
    const rewrapped = new Error('connect ECONNREFUSED 127.0.0.1:1080');
    expect(networkErrorOf(rewrapped)).toEqual({ kind: 'refused', code: null, hostname: null });
  });

  it('shows no code it does not know, nor anything from a thrown non-error', () => {
    expect(networkErrorOf(nodeError('EWHATEVER'))).toEqual({
      kind: 'broken',
      code: null,
      hostname: null,
    });
    expect(networkErrorOf('a string')).toEqual({ kind: 'broken', code: null, hostname: null });
    expect(networkErrorOf(null)).toEqual({ kind: 'broken', code: null, hostname: null });
  });
});
