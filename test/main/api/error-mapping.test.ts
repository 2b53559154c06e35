import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toServiceError } from '../../../src/main/api/error-mapping';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';

const TOKEN = 'tok_7f3a9c2e5b1d4f60';
const CONTEXT = { action: 'Loading your plans', host: 'proxy.example.com', secrets: [TOKEN] };

/** What axios throws for an answer with this status (validateStatus refused it). */
function answered(
  status: number,
  { data, headers = {} }: { data?: unknown; headers?: Record<string, unknown> } = {},
): AxiosError {
  const response = { status, statusText: '', data, headers, config: {} } as AxiosResponse;
  return new AxiosError(
    `Request failed with status code ${status}`,
    AxiosError.ERR_BAD_REQUEST,
    { headers: { authorization: `Bearer ${TOKEN}` } } as unknown as InternalAxiosRequestConfig,
    undefined,
    response,
  );
}

/** What axios throws when no answer came: a network failure with its Node.js code. */
function unanswered(code: string | undefined, message = 'socket error'): AxiosError {
  return new AxiosError(message, code);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an answer with an error status', () => {
  it.each([
    [
      401,
      'auth',
      'the service rejected the access token (HTTP 401); sign in again with a valid token',
    ],
    [403, 'forbidden', 'the service does not allow this (HTTP 403)'],
    [
      404,
      'not_found',
      'the service does not know this resource (HTTP 404); it may have been removed, or the service URL is wrong',
    ],
    [
      410,
      'not_found',
      'the service does not know this resource (HTTP 410); it may have been removed, or the service URL is wrong',
    ],
    [408, 'timeout', 'the service gave up waiting for the request (HTTP 408); try again'],
    [429, 'rate_limited', 'the service is limiting requests (HTTP 429); try again shortly'],
    [500, 'server', 'the service had a problem of its own (HTTP 500); try again later'],
    [503, 'server', 'the service had a problem of its own (HTTP 503); try again later'],
    [400, 'invalid_input', 'the service refused the request as invalid (HTTP 400)'],
    [499, 'invalid_input', 'the service refused the request as invalid (HTTP 499)'],
    // An informational status never ends a request in axios; were one to, it is no success.
    [199, 'invalid_input', 'the service refused the request as invalid (HTTP 199)'],
  ] as const)('HTTP %i is %s and says so in words', (status, kind, cause) => {
    const error = toServiceError(answered(status), CONTEXT);
    expect(error).toBeInstanceOf(ProxyServiceError);
    expect(error).toMatchObject({ kind, status });
    expect(error.message).toBe(`Loading your plans failed: ${cause}.`);
  });

  it("adds the service's own explanation, with the token redacted", () => {
    const error = toServiceError(
      answered(422, { data: JSON.stringify({ detail: `Token ${TOKEN} may not change labels` }) }),
      CONTEXT,
    );
    expect(error.message).toMatch(
      /^Loading your plans failed: the service refused the request as invalid \(HTTP 422\)\. The service said: "Token .+ may not change labels"\.$/,
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it('reads an explanation only from a text body, never from what axios parsed', () => {
    const error = toServiceError(answered(403, { data: { detail: 'Plan is blocked' } }), CONTEXT);
    expect(error.message).toBe(
      'Loading your plans failed: the service does not allow this (HTTP 403).',
    );
  });

  it('leaves the request, and the token in its headers, behind', () => {
    const error = toServiceError(answered(401), CONTEXT);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(Object.values(error)).not.toContainEqual(expect.any(AxiosError));
  });
});

describe('an answer that is neither an error nor readable', () => {
  it.each([300, 301, 399])('HTTP %i is a redirect the app does not follow', (status) => {
    const error = toServiceError(answered(status), CONTEXT);
    expect(error).toMatchObject({ kind: 'bad_response', status });
    expect(error.message).toBe(
      `Loading your plans failed: the service sent an answer this app does not understand (it redirected (HTTP ${status}); check the service URL).`,
    );
  });

  it.each([200, 299])('HTTP %i with a body that broke off asks to try again', (status) => {
    const error = toServiceError(answered(status), CONTEXT);
    expect(error).toMatchObject({ kind: 'bad_response', status });
    expect(error.message).toBe(
      'Loading your plans failed: the service sent an answer this app does not understand (it broke off before its end; try again).',
    );
  });

  it.each([
    [
      'a body cut off',
      AxiosError.ERR_BAD_RESPONSE,
      'aborted',
      'it broke off before its end; try again',
    ],
    [
      'a body over the size limit',
      'ERR_FR_MAX_BODY_LENGTH_EXCEEDED',
      'maxContentLength size of 67108864 exceeded',
      'it is larger than 64 MB, more than this app accepts',
    ],
  ])('%s without a status says why it was not read', (_case, code, message, detail) => {
    const error = toServiceError(unanswered(code, message), CONTEXT);
    expect(error.kind).toBe('bad_response');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      `Loading your plans failed: the service sent an answer this app does not understand (${detail}).`,
    );
  });
});

describe('Retry-After on a 429', () => {
  function waitOf(value: unknown) {
    return toServiceError(answered(429, { headers: { 'retry-after': value } }), CONTEXT);
  }

  it.each([
    ['0', 0],
    ['5', 5],
    ['1.2', 2],
    // A negative count is no count of seconds; the date it reads as is long past.
    ['-5', 0],
  ])('%s seconds is a wait of %i s, said in the message', (value, seconds) => {
    const error = waitOf(value);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: seconds });
    expect(error.message).toBe(
      `Loading your plans failed: the service is limiting requests (HTTP 429); try again in ${seconds} s.`,
    );
  });

  it('an HTTP date is the time left until then', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:00Z') });
    const error = waitOf('Fri, 27 Nov 2026 12:01:30 GMT');
    expect(error.retryAfterSeconds).toBe(90);
    expect(error.message).toContain('try again in 90 s');
  });

  it('an HTTP date already past is no wait at all', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:00Z') });
    expect(waitOf('Fri, 27 Nov 2026 11:59:00 GMT').retryAfterSeconds).toBe(0);
  });

  it.each([
    ['blank', '   '],
    ['not a time', 'soon'],
    ['endless', 'Infinity'],
    ['not text', ['5']],
    ['absent', undefined],
  ])('a value that is %s gives no wait: "try again shortly"', (_case, value) => {
    const error = waitOf(value);
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toBe(
      'Loading your plans failed: the service is limiting requests (HTTP 429); try again shortly.',
    );
  });

  it('an answer without headers gives no wait', () => {
    const error = answered(429);
    if (error.response) error.response.headers = undefined as never;
    expect(toServiceError(error, CONTEXT).retryAfterSeconds).toBeUndefined();
  });

  it('is read on a 429 only: a 503 asking for a wait is a server problem without one', () => {
    const error = toServiceError(answered(503, { headers: { 'retry-after': '2' } }), CONTEXT);
    expect(error.kind).toBe('server');
    expect(error.retryAfterSeconds).toBeUndefined();
  });
});

describe('no answer at all', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'the connection was reset'],
    ['EPIPE', 'the connection was closed'],
    ['ENOTFOUND', 'host name not found'],
    ['EAI_AGAIN', 'name lookup failed'],
    ['ETIMEDOUT', 'the connection timed out'],
    ['EHOSTUNREACH', 'no route to the host'],
    ['ENETUNREACH', 'the network is unreachable'],
    ['ERR_SOCKET_CONNECTION_TIMEOUT', 'the connection timed out'],
    ['EPROTO', 'network error EPROTO'],
    [undefined, 'network error'],
  ])('%s reads as "%s", naming the host', (code, cause) => {
    const error = toServiceError(unanswered(code), CONTEXT);
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      `Loading your plans failed: could not reach the service at proxy.example.com (${cause}). Check your connection and the service URL.`,
    );
  });

  it.each([
    'CERT_HAS_EXPIRED',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'HOSTNAME_MISMATCH',
  ])('%s says the certificate is not trusted', (code) => {
    const error = toServiceError(unanswered(code), CONTEXT);
    expect(error.kind).toBe('network');
    expect(error.message).toContain(
      `could not reach the service at proxy.example.com (its TLS certificate is not trusted: ${code}).`,
    );
  });
});

describe('a secure connection that fails before any certificate is judged', () => {
  it.each([
    ['ERR_TLS_HANDSHAKE_TIMEOUT', 'the secure connection timed out'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'it does not speak HTTPS at that address'],
    [
      'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
      'the secure connection failed: ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
    ],
    [
      'ERR_TLS_INVALID_PROTOCOL_VERSION',
      'the secure connection failed: ERR_TLS_INVALID_PROTOCOL_VERSION',
    ],
  ])('%s reads as "%s", not as an untrusted certificate', (code, cause) => {
    const error = toServiceError(unanswered(code), CONTEXT);
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      `Loading your plans failed: could not reach the service at proxy.example.com (${cause}). Check your connection and the service URL.`,
    );
  });
});

describe('what is not from axios', () => {
  it('a ProxyServiceError passes through as it is', () => {
    const original = new ProxyServiceError('invalid_input', 'The label is too long.');
    expect(toServiceError(original, CONTEXT)).toBe(original);
  });

  it('anything else is an unexpected network error that tells nothing of itself', () => {
    const error = toServiceError(new TypeError(`bad header: Bearer ${TOKEN}`), CONTEXT);
    expect(error).toMatchObject({ kind: 'network' });
    expect(error.message).toBe('Loading your plans failed: an unexpected error occurred.');
  });
});
