import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The username shown with a local password. Any username is accepted (only the password is
 * checked), so an app that insists on a username can send whatever it likes; this is the one the
 * app shows in the addresses it copies.
 */
export const LOCAL_USERNAME = 'local';

/** A random local password: 18 random bytes as base64url (24 characters, URL-safe, no padding). */
export function makeLocalPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * A port's local password after a change of `requirePassword` (undefined: not changed). Turned on
 * again, a port keeps the password it has, so apps given it keep working; turned off, none.
 */
export function changedLocalPassword(
  current: string | null,
  requirePassword: boolean | undefined,
): string | null {
  if (requirePassword === undefined) return current;
  return requirePassword ? (current ?? makeLocalPassword()) : null;
}

/** Compares in constant time, so the time of a refusal says nothing about the password. */
export function passwordMatches(given: string, expected: string): boolean {
  // 'utf8' is Buffer's default, said for the reader (its mutants are left to survive).
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The password of a `Basic` Proxy-Authorization header, or null when there is none. */
export function basicPassword(header: string | undefined): string | null {
  return basicLogin(header)?.password ?? null;
}

/** The username of a `Basic` Proxy-Authorization header, or null when there is none. */
export function basicUsername(header: string | undefined): string | null {
  return basicLogin(header)?.username ?? null;
}

function basicLogin(header: string | undefined): { username: string; password: string } | null {
  const match = /^basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
