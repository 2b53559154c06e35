import { STATUS_CODES } from 'node:http';
import { basicPassword, passwordMatches } from './local-password';

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
  const all = {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
  };
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

export const LOCAL_LOGIN_TEXT = 'This local port needs its password.';

/** The 407 asking a local app for the port's password. */
export function localLoginRequired(): string {
  return localAnswer(407, LOCAL_LOGIN_TEXT, {
    'Proxy-Authenticate': `Basic realm="${LOCAL_REALM}"`,
  });
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
