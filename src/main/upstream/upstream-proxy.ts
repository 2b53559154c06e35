/**
 * A proxy of the user's plan that the app tunnels through, with the credentials the apps behind
 * a local port cannot send: local ports forward to it, checks test it. `host` may be an IPv4 or
 * IPv6 address (unbracketed) or a host name.
 */
export interface UpstreamProxy {
  /** How the upstream is spoken to: HTTP CONNECT (and plain proxy requests) or SOCKS5. */
  protocol: 'http' | 'socks5';
  host: string;
  port: number;
  username: string;
  password: string;
}

/**
 * An upstream proxy before a protocol is picked: a plan's entry point may speak both, and a check
 * is told which one to try, so what it checks is stored without one.
 */
export type UpstreamEntry = Omit<UpstreamProxy, 'protocol'>;

/** The host as it goes into a URL or a CONNECT line: IPv6 addresses bracketed. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The Proxy-Authorization value that logs in to an HTTP upstream (Basic). It holds the password:
 * it is written to the upstream only, never logged or put in a message.
 */
export function upstreamProxyAuthorization(
  upstream: Pick<UpstreamProxy, 'username' | 'password'>,
): string {
  return `Basic ${Buffer.from(`${upstream.username}:${upstream.password}`).toString('base64')}`;
}
