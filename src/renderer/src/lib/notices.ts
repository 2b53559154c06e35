import type { IpcError } from '../../../shared/ipc/ipc-error';
import { expiryPhrase } from './relative-time';

/** Failures that mean "no connection" rather than "the service said no". */
const OFFLINE_KINDS: ReadonlySet<string> = new Set(['network', 'timeout']);

/**
 * The banner over plans kept after a failed refresh: "Offline — showing data from 14:05" when the
 * service could not be reached and older plans are shown, else the failure's own sentence.
 */
export function refreshFailureText(
  error: Pick<IpcError, 'kind' | 'message'>,
  updatedAt: string | null,
  formatMoment: (iso: string) => string,
): string {
  if (OFFLINE_KINDS.has(error.kind) && updatedAt) {
    return `Offline — showing data from ${formatMoment(updatedAt)}`;
  }
  return error.message;
}

/** The warning line about the access token's end. */
export function tokenExpiryText(
  warning: 'soon' | 'expired',
  expiresAt: string | undefined,
  now: number,
): string {
  if (warning === 'expired') {
    return 'Your access token has expired. Sign in again with a new token.';
  }
  const when = expiresAt ? expiryPhrase(expiresAt, now) : 'expires soon';
  return `Your access token ${when}. Sign in again with a new token before then.`;
}

/**
 * A toast about one proxy, named as its row names it: "DE-1 — The service refused …". A message
 * that names it already is left as it is.
 */
export function aboutProxy(title: string | undefined, message: string): string {
  return title === undefined || message.includes(title) ? message : `${title} — ${message}`;
}
