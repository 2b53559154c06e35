import { isAxiosError } from 'axios';
import { ProxyServiceError } from './proxy-service-error';

/**
 * Failures after which an update may have reached the service: the connection broke once the
 * request was out (reset, closed, cut off mid-answer), or a gateway gave up waiting for the
 * service (504). Failures before sending (refused, no such host, TLS) are plain failures: the
 * service never heard of the change.
 */
const BROKEN_AFTER_SENDING = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

export function wasMaybeApplied(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  // A 2xx whose body broke off: the service answered that it did it, and the rest was lost.
  if (status !== undefined) return (status >= 200 && status < 300) || status === 504;
  // Equivalent mutant: any other text in place of `''` is as absent from the set when no code.
  return error.code === 'ERR_BAD_RESPONSE' || BROKEN_AFTER_SENDING.has(error.code ?? '');
}

export function unconfirmedOutcome(action: string, cause: string): ProxyServiceError {
  return new ProxyServiceError(
    'unconfirmed',
    `${action}: could not confirm the change (${cause}).`,
  );
}
