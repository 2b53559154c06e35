import { browserLaunchErrors } from './browser-launch-error';

/** The local port a browser is pointed at: this module never sees the upstream proxy. */
export interface LocalProxy {
  protocol: 'http' | 'socks5';
  /** As browsers write it: `127.0.0.1`, `localhost` or `[::1]`. */
  host: string;
  port: number;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Reads `http://127.0.0.1:PORT` or `socks5://127.0.0.1:PORT`. Anything else is refused: a remote
 * host or a username in it would mean upstream details (or credentials) leaked into a browser's
 * command line or profile, where other programs on the machine can read them.
 */
export function parseLocalProxyUrl(proxyUrl: string): LocalProxy {
  let url: URL;
  try {
    url = new URL(proxyUrl);
  } catch {
    throw browserLaunchErrors.invalidProxy();
  }
  const protocol = url.protocol === 'http:' ? 'http' : url.protocol === 'socks5:' ? 'socks5' : null;
  const port = Number(url.port);
  if (
    protocol === null ||
    !LOOPBACK_HOSTS.has(url.hostname) ||
    url.username !== '' ||
    url.password !== '' ||
    !Number.isInteger(port) ||
    port < 1 ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw browserLaunchErrors.invalidProxy();
  }
  return { protocol, host: url.hostname, port };
}

/** The address as a browser switch wants it: `http://127.0.0.1:8080`. */
export function localProxyUrl(proxy: LocalProxy): string {
  return `${proxy.protocol}://${proxy.host}:${proxy.port}`;
}

/** The page opened first: only a web address, so that it can never read as a browser option. */
export function checkStartUrl(startUrl: string): string {
  let url: URL;
  try {
    url = new URL(startUrl);
  } catch {
    throw browserLaunchErrors.invalidStartUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw browserLaunchErrors.invalidStartUrl();
  }
  return url.href;
}
