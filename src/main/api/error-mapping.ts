import { isAxiosError } from 'axios';
import { ProxyServiceError, type ProxyServiceErrorKind } from './proxy-service-error';
import { badResponse } from './response-decoding';
import { MAX_RESPONSE_BYTES } from './response-limits';
import { serverExplanation } from './server-explanation';

/**
 * Translates whatever axios threw into a ProxyServiceError. Only the status, a few response
 * headers and the (redacted) body are read: the axios error itself holds the request headers and
 * must not escape.
 */
export function toServiceError(
  error: unknown,
  context: { action: string; host: string; secrets: readonly string[] },
): ProxyServiceError {
  if (error instanceof ProxyServiceError) return error;
  const { action, host, secrets } = context;
  if (!isAxiosError(error)) {
    return new ProxyServiceError('network', `${action} failed: an unexpected error occurred.`);
  }
  const response = error.response;
  if (response) {
    const status = response.status;
    const body = typeof response.data === 'string' ? response.data : undefined;
    // Redacted inside, before it is cut short: a token straddling the cut would escape otherwise.
    const explanation = serverExplanation(body, secrets);
    const said = explanation ? ` The service said: "${explanation}".` : '';
    // axios attaches the response to a body that broke off: a success status with no whole body.
    if (status >= 200 && status < 300) return unreadableBody(error, action, status);
    if (status >= 300 && status < 400) {
      return badResponse(action, `it redirected (HTTP ${status}); check the service URL`, status);
    }
    const kind = kindOfStatus(status);
    const retryAfterSeconds = kind === 'rate_limited' ? retryAfterOf(response.headers) : undefined;
    return new ProxyServiceError(
      kind,
      `${action} failed: ${causeOfStatus(kind, status, retryAfterSeconds)}.${said}`,
      { status, retryAfterSeconds },
    );
  }
  if (error.code === 'ERR_BAD_RESPONSE' || error.code === 'ERR_FR_MAX_BODY_LENGTH_EXCEEDED') {
    return unreadableBody(error, action);
  }
  return new ProxyServiceError(
    'network',
    `${action} failed: could not reach the service at ${host} (${networkCause(error.code)}). Check your connection and the service URL.`,
  );
}

/** An answer whose body could not be taken in: larger than the app accepts, or cut off. */
function unreadableBody(error: { message: string }, action: string, status?: number) {
  const tooLarge = error.message.includes('maxContentLength');
  const detail = tooLarge
    ? `it is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB, more than this app accepts`
    : 'it broke off before its end; try again';
  return badResponse(action, detail, status);
}

export function kindOfStatus(status: number): ProxyServiceErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'invalid_input';
}

function causeOfStatus(
  kind: ProxyServiceErrorKind,
  status: number,
  retryAfterSeconds: number | undefined,
): string {
  switch (kind) {
    case 'auth':
      return `the service rejected the access token (HTTP ${status}); sign in again with a valid token`;
    case 'forbidden':
      return `the service does not allow this (HTTP ${status})`;
    case 'not_found':
      return `the service does not know this resource (HTTP ${status}); it may have been removed, or the service URL is wrong`;
    case 'timeout':
      return `the service gave up waiting for the request (HTTP ${status}); try again`;
    case 'rate_limited':
      return retryAfterSeconds === undefined
        ? `the service is limiting requests (HTTP ${status}); try again shortly`
        : `the service is limiting requests (HTTP ${status}); try again in ${retryAfterSeconds} s`;
    case 'server':
      return `the service had a problem of its own (HTTP ${status}); try again later`;
    default:
      return `the service refused the request as invalid (HTTP ${status})`;
  }
}

function retryAfterOf(headers: unknown): number | undefined {
  const value = (headers as Record<string, unknown> | undefined)?.['retry-after'];
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const seconds = Number(value);
  // `> 0` would end the same (an equivalent mutant, left to survive: a disable comment would
  // also hide `< 0`, which tests kill): "0" read as a date is long past, so 0 s too.
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'name lookup failed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ERR_SOCKET_CONNECTION_TIMEOUT: 'the connection timed out',
};

const TLS_CAUSES: Record<string, string> = {
  ERR_TLS_HANDSHAKE_TIMEOUT: 'the secure connection timed out',
  // What a plain-HTTP server's answer to a TLS greeting reads as.
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS at that address',
};

function networkCause(code: string | undefined): string {
  if (!code) return 'network error';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH/.test(code)) {
    return `its TLS certificate is not trusted: ${code}`;
  }
  // The rest of TLS fails before any certificate is judged: calling those untrusted would send
  // the user after a certificate that is fine.
  if (/ERR_(SSL|TLS)_/.test(code))
    return TLS_CAUSES[code] ?? `the secure connection failed: ${code}`;
  return NETWORK_CAUSES[code] ?? `network error ${code}`;
}
