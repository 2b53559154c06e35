/**
 * The proxy a local port forwards to, with the credentials the apps behind the port cannot send.
 * `host` may be an IPv4 or IPv6 address (unbracketed) or a host name.
 */
export interface Upstream {
  /** How the upstream is spoken to: HTTP CONNECT (and plain proxy requests) or SOCKS5. */
  protocol: 'http' | 'socks5';
  host: string;
  port: number;
  username: string;
  password: string;
}

/** The host as it goes into a URL or a CONNECT line: IPv6 addresses bracketed. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The upstream's `host:port`, with no credentials: what messages may name. */
export function upstreamAddress(upstream: Pick<Upstream, 'host' | 'port'>): string {
  return `${hostForUrl(upstream.host)}:${upstream.port}`;
}

/**
 * The URL proxy-chain is given for plain HTTP requests to an HTTP upstream. The credentials are
 * percent-encoded (proxy-chain decodes them into the Proxy-Authorization header); this URL is
 * handed to proxy-chain only and never logged or put in a message.
 */
export function httpUpstreamUrl(upstream: Upstream): string {
  const username = encodeURIComponent(upstream.username);
  const password = encodeURIComponent(upstream.password);
  return `http://${username}:${password}@${upstreamAddress(upstream)}`;
}
