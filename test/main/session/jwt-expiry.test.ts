import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { expiryWarning, jwtExpiry } from '../../../src/main/session/jwt-expiry';

const key = new TextEncoder().encode('a-test-key-of-at-least-32-bytes!!');
const DAY = 24 * 60 * 60 * 1000;

function part(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString(
    'base64url',
  );
}

describe('jwtExpiry', () => {
  it('reads exp from a signed JWT without needing its key', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(1_900_000_000)
      .sign(key);
    expect(jwtExpiry(token)?.toISOString()).toBe(new Date(1_900_000_000_000).toISOString());
  });

  it('reads exp whatever the signature says', () => {
    const token = `${part({ alg: 'HS256' })}.${part({ exp: 1_800_000_000 })}.not-a-real-signature`;
    expect(jwtExpiry(token)?.getTime()).toBe(1_800_000_000_000);
  });

  it('is undefined for a JWT without exp', () => {
    expect(jwtExpiry(new UnsecuredJWT({ sub: 'x' }).encode())).toBeUndefined();
  });

  it.each([
    ['an opaque token', 'f3a9c1d2e4b5'],
    ['two parts', `${part({ alg: 'none' })}.${part({ exp: 1 })}`],
    ['four parts', `a.${part({ exp: 1 })}.c.d`],
    ['a payload that is not base64url', 'a.$$$.c'],
    ['a payload with a character base64url has not, after it', `a.${part({ exp: 1 })}$.c`],
    ['a payload with a character base64url has not, before it', `a.$${part({ exp: 1 })}.c`],
    ['a payload that is not JSON', `a.${part('not json')}.c`],
    ['a payload that is not an object', `a.${part(42)}.c`],
    ['a null payload', `a.${part(null)}.c`],
    ['exp as a string', `a.${part({ exp: '1800000000' })}.c`],
    ['exp out of range', `a.${part({ exp: 1e300 })}.c`],
    ['an empty string', ''],
  ])('is undefined for %s', (_name, token) => {
    expect(jwtExpiry(token)).toBeUndefined();
  });

  it('gives back any exp it was given, to the second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8_000_000_000 }), (exp) => {
        const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u', exp })}.sig`;
        expect(jwtExpiry(token)?.getTime()).toBe(exp * 1000);
      }),
    );
  });
});

describe('expiryWarning', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('says expired once the expiry has passed, or is now', () => {
    expect(expiryWarning(new Date(now - 1), now)).toBe('expired');
    expect(expiryWarning(new Date(now), now)).toBe('expired');
  });

  it('says soon within 3 days by default', () => {
    expect(expiryWarning(new Date(now + 1), now)).toBe('soon');
    expect(expiryWarning(new Date(now + 3 * DAY), now)).toBe('soon');
    expect(expiryWarning(new Date(now + 3 * DAY + 1), now)).toBeUndefined();
  });

  it('takes another number of days', () => {
    expect(expiryWarning(new Date(now + 6 * DAY), now, 7)).toBe('soon');
    expect(expiryWarning(new Date(now + 6 * DAY), now, 5)).toBeUndefined();
  });

  it('says nothing about a token without an expiry', () => {
    expect(expiryWarning(undefined, now)).toBeUndefined();
  });
});
