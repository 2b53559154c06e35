import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A secret made for one run of a local server (the preview, the demo service's control API): only
 * the user who started it learns it, from what it prints. Memory only, 256 random bits, base64url
 * so that it fits a URL, a cookie and a header as is.
 */
export function newRunSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `given` is `secret`, in a time that tells nothing about where they differ nor how long
 * the secret is: both are hashed first, so timingSafeEqual always compares 32 bytes.
 */
export function isRunSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
