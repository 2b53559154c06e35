import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  TokenService,
} from '../../../tools/reference-service/tokens';

const ALICE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const BOB = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2025-06-01T12:00:00Z')) {
  let now = start;
  return { now: () => now, advanceSeconds: (seconds: number) => (now += seconds * 1000) };
}

describe('TokenService', () => {
  it('issues HS256 JWTs with sub, iat, exp (30 days by default) and jti', async () => {
    const clock = manualClock();
    const token = await new TokenService(clock).issue(ALICE);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(ALICE);
    expect(claims.iat).toBe(clock.now() / 1000);
    expect(claims.exp).toBe(clock.now() / 1000 + DEFAULT_TOKEN_LIFETIME_SECONDS);
    expect(DEFAULT_TOKEN_LIFETIME_SECONDS).toBe(30 * 24 * 3600);
    expect(claims.jti).toEqual(expect.any(String));
  });

  it('verifies its own tokens', async () => {
    const tokens = new TokenService();
    const token = await tokens.issue(ALICE);
    expect(await tokens.verify(token)).toEqual({
      ok: true,
      userUuid: ALICE,
      jti: decodeJwt(token).jti,
    });
  });

  it('rejects an already-expired token, and a short-lived one once its time is up', async () => {
    const clock = manualClock();
    const tokens = new TokenService(clock);
    const expired = await tokens.issue(ALICE, { expiresInSeconds: -5 });
    expect(await tokens.verify(expired)).toEqual({ ok: false, reason: 'expired' });
    const shortLived = await tokens.issue(ALICE, { expiresInSeconds: 60 });
    expect((await tokens.verify(shortLived)).ok).toBe(true);
    clock.advanceSeconds(61);
    expect(await tokens.verify(shortLived)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a token signed with another secret, including another server’s', async () => {
    const tokens = new TokenService();
    const foreign = await new TokenService().issue(ALICE);
    expect(await tokens.verify(foreign)).toEqual({ ok: false, reason: 'bad-signature' });
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ALICE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('forged')
      .sign(new TextEncoder().encode('not the server secret, at least 32 bytes'));
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects garbage and unsigned ("alg": "none") tokens as malformed', async () => {
    const tokens = new TokenService();
    const genuine = await tokens.issue(ALICE);
    const [, payload] = genuine.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await tokens.verify(unsigned)).toEqual({ ok: false, reason: 'malformed' });
    expect(await tokens.verify('not-a-jwt')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('revokes one token by jti, or all tokens of one user', async () => {
    const tokens = new TokenService();
    const first = await tokens.issue(ALICE);
    const second = await tokens.issue(ALICE);
    const bobs = await tokens.issue(BOB);
    expect(tokens.revoke(String(decodeJwt(first).jti))).toBe(true);
    expect(tokens.revoke('never-issued')).toBe(false);
    expect(await tokens.verify(first)).toEqual({ ok: false, reason: 'revoked' });
    expect((await tokens.verify(second)).ok).toBe(true);

    expect(tokens.revokeAllFor(ALICE)).toBe(1);
    expect(await tokens.verify(second)).toEqual({ ok: false, reason: 'revoked' });
    expect((await tokens.verify(bobs)).ok).toBe(true);
  });

  it('names the newest valid token as the user’s current one', async () => {
    const clock = manualClock();
    const tokens = new TokenService(clock);
    const first = await tokens.issue(ALICE);
    expect(tokens.currentFor(ALICE)).toBe(first);
    const second = await tokens.issue(ALICE, { expiresInSeconds: 10 });
    expect(tokens.currentFor(ALICE)).toBe(second);
    clock.advanceSeconds(11);
    expect(tokens.currentFor(ALICE)).toBe(first);
    tokens.revokeAllFor(ALICE);
    expect(tokens.currentFor(ALICE)).toBeUndefined();
    expect(tokens.currentFor(BOB)).toBeUndefined();
  });
});
