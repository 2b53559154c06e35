import { hkdfSync } from 'node:crypto';

/**
 * The key that seals an account's private caches on disk (its plans: proxy passwords), derived
 * from its token with HKDF. The token already lives in the keychain, so the cache needs no secret
 * of its own: the file opens exactly while the keychain still holds that token (a refused or
 * expired token included, which is when the cache matters), a new token or a sign-out leaves the
 * old file unreadable, and a token kept for this session only takes its cache's key with it.
 * HKDF is one-way: the key says nothing about the token.
 */
export function cacheKeyOf(token: string, accountId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, accountId, 'Proxy Tray plans cache v1', 32));
}
