import type { IpcError } from '../../../shared/ipc/ipc-error';
import { expiryPhrase } from './relative-time';

/**
 * The banner over plans kept after a failed refresh: "Offline — showing data from 14:05" when the
 * service could not be reached and older plans are shown, else the failure's own sentence (with
 * the time of the plans still shown). A service that was reached but did not answer in time is
 * not offline: its sentence names the timeout it was given.
 */
export function refreshFailureText(
  error: Pick<IpcError, 'kind' | 'message'>,
  updatedAt: string | null,
  formatMoment: (iso: string) => string,
): string {
  if (!updatedAt) return error.message;
  const since = formatMoment(updatedAt);
  if (error.kind === 'network') return `Offline — showing data from ${since}`;
  if (error.kind === 'timeout') return `${error.message} Showing data from ${since}.`;
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
