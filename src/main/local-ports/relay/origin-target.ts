import { isHostName } from './host-name';
import type { Destination } from './destination';

/** Where a plain request goes when the relay itself must reach the site (a SOCKS5 upstream). */
export interface OriginTarget {
  /** The site's host and port (80 unless the URL says), for the tunnel. */
  destination: Destination;
  /** The Host field: the URL's authority without any user info. */
  host: string;
  /** The request target in origin form: the path and query as the app wrote them. */
  path: string;
}

/** `http://` authority, then the rest of the target up to any fragment. */
const HTTP_URL = /^http:\/\/([^/?#]*)([^#]*)/i;
/** A host name or bracketed IPv6 address, and an optional port. */
const AUTHORITY = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/;

/**
 * The origin-form parts of an absolute-form `http://` target, or null for any other scheme or a
 * host that is not a host name or an address (host-name.ts: it is written into the Host field
 * and handed to the upstream). The path is kept byte for byte, not normalised as URL parsing
 * would, so the site sees what the app asked for.
 */
export function originTarget(target: string): OriginTarget | null {
  const url = HTTP_URL.exec(target);
  if (url === null) return null;
  // Both groups of HTTP_URL always take part in a match: the `?? ''` are for the type checker,
  // and their mutants equivalent (left to survive where a disable would hide `'@'`'s).
  const authority = (url[1] ?? '').slice((url[1] ?? '').lastIndexOf('@') + 1);
  const parts = AUTHORITY.exec(authority);
  const host = parts?.[1] ?? parts?.[2];
  const port = parts?.[3] === undefined ? 80 : Number(parts[3]);
  if (!host || !isHostName(host) || port < 1 || port > 65535) return null;
  // Stryker disable next-line StringLiteral: the group always takes part in a match (the ?? is for the type checker)
  const rest = url[2] ?? '';
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  return { destination: { host, port }, host: authority, path };
}
