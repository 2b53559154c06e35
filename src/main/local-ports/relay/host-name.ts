import { isIP } from 'node:net';

/** A label: letters, digits, hyphens and underscores (which providers' own names use). */
const LABEL = '[A-Za-z0-9_-]{1,63}';
/** Labels joined by single dots, with the root's trailing dot allowed (`example.com.`). */
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`);
/** The longest name DNS carries, in its text form. */
const MAX_HOST_NAME = 255;

/**
 * Whether `name` can be handed to an upstream as a destination: an IP address, or a host name
 * (ASCII letters, digits, hyphens, underscores; non-empty labels of at most 63 characters; at
 * most 255 in all). Strict where it matters, since the name is written into an upstream's CONNECT
 * line and Host header: no CR, LF, NUL, space, colon or any other byte outside that set. Lenient
 * where it does not: labels may start or end with a hyphen, and underscores pass, as resolvers
 * and providers take them. Internationalised names come as punycode (`xn--…`), which passes.
 */
export function isHostName(name: string): boolean {
  if (isIP(name) !== 0) return true;
  return name.length <= MAX_HOST_NAME && HOST_NAME.test(name);
}
