/**
 * Whether a URL's hostname is this computer by address, not by a name someone else answers for.
 * Plain HTTP is allowed only there: off this machine it would expose a token (the service) or let
 * anyone on the path forge an answer (the IP echo).
 *
 * Loopback means `localhost` exactly (the hosts file answers it, not DNS) or a loopback IP
 * literal: 127.0.0.0/8, `::1`, or an IPv4-mapped `::ffff:127.x.y.z`. Not `*.localhost`: RFC 6761
 * asks resolvers to keep those on this computer, but Node sends `evil.localhost` to DNS like any
 * other name, and a resolver that answers would receive the bearer token over plain HTTP.
 *
 * Takes a hostname as `URL` gives it (lower case, IPv6 in brackets, IPv4 normalised: `127.1`
 * and `0x7f.1` arrive as `127.0.0.1`, `[::ffff:127.0.0.1]` as `[::ffff:7f00:1]`), or bare.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || isLoopbackIpv4(host)) return true;
  const ipv6 = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isLoopbackIpv6(ipv6);
}

/** How the messages that refuse plain HTTP name what is allowed. */
export const LOOPBACK_HOSTS_IN_WORDS = 'localhost or a loopback address such as 127.0.0.1 or [::1]';

function isLoopbackIpv4(host: string): boolean {
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** `::1`, and 127.0.0.0/8 mapped into IPv6, dotted (`::ffff:127.0.0.1`) or as URL writes it. */
function isLoopbackIpv6(host: string): boolean {
  if (host === '::1') return true;
  const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
  if (mapped === undefined) return false;
  return isLoopbackIpv4(mapped) || /^7f[\da-f]{2}:[\da-f]{1,4}$/.test(mapped);
}
