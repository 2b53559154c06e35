import { STATUS_CODES } from 'node:http';
import { basicPassword, passwordMatches } from '../local-password';
import type { UpstreamFailure } from './upstream-failure';

export const LOCAL_REALM = 'Proxy Tray local port';

/**
 * An answer the local port writes itself (a refused local login, a failed upstream, a request it
 * cannot forward): a short text body, and the connection closes after it.
 */
export function localAnswer(
  status: number,
  text: string,
  headers: Record<string, string> = {},
): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`];
  for (const [name, value] of Object.entries(localAnswerFields(text, headers))) {
    lines.push(`${name}: ${value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

/** The fields of a local answer whose body is `text`: `headers`, then the body's and the close. */
export function localAnswerFields(
  text: string,
  headers: Record<string, string> = {},
): Record<string, string> {
  return {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
  };
}

export const LOCAL_LOGIN_TEXT = 'This local port needs its password.';
/** The field of a 407 that asks a local app for the port's password. */
export const LOCAL_LOGIN_PROMPT = { 'Proxy-Authenticate': `Basic realm="${LOCAL_REALM}"` };

/** The 407 asking a local app for the port's password. */
export function localLoginRequired(): string {
  return localAnswer(407, LOCAL_LOGIN_TEXT, LOCAL_LOGIN_PROMPT);
}

/** What a local app is told of an upstream failure, in words, with the failure's status. */
export function upstreamFailureAnswer(failure: UpstreamFailure): string {
  return localAnswer(failure.httpStatus, `Proxy Tray: ${failure.message}.`);
}

/** True when no local password is set, or the Proxy-Authorization header's Basic login carries it. */
export function localLoginAccepted(
  proxyAuthorization: string | undefined,
  localPassword: string | null,
): boolean {
  if (localPassword === null) return true;
  const given = basicPassword(proxyAuthorization);
  return given !== null && passwordMatches(given, localPassword);
}
