// Real JWT bearer tokens (HS256), so clients meet the same kind of token as in production.
// Token lifetime is not in the spec; 30 days is our choice, and tests can pick any other.

import { randomBytes, randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { SignJWT, errors, jwtVerify } from 'jose';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export interface IssueTokenOptions {
  /** Zero or negative gives a token that is already expired. */
  expiresInSeconds?: number;
}

export type TokenRejection = 'malformed' | 'bad-signature' | 'expired' | 'revoked';

export type TokenCheck =
  { ok: true; userUuid: string; jti: string } | { ok: false; reason: TokenRejection };

interface IssuedToken {
  token: string;
  jti: string;
  userUuid: string;
  expiresAtSeconds: number;
}

export class TokenService {
  // Random per server: a token from one test run is worthless in the next.
  readonly #secret = new Uint8Array(randomBytes(32));
  readonly #now: () => number;
  readonly #issued = new Map<string, IssuedToken>();
  readonly #revoked = new Set<string>();

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async issue(userUuid: string, options: IssueTokenOptions = {}): Promise<string> {
    const nowSeconds = Math.floor(this.#now() / 1000);
    const expiresAtSeconds =
      nowSeconds + (options.expiresInSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS);
    // An already-expired token still says it was issued before it expired.
    const issuedAtSeconds = Math.min(nowSeconds, expiresAtSeconds - 1);
    const jti = randomUUID();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userUuid)
      .setIssuedAt(issuedAtSeconds)
      .setExpirationTime(expiresAtSeconds)
      .setJti(jti)
      .sign(this.#secret);
    this.#issued.set(jti, { token, jti, userUuid, expiresAtSeconds });
    return token;
  }

  async verify(token: string): Promise<TokenCheck> {
    let claims: JWTPayload;
    try {
      const verified = await jwtVerify(token, this.#secret, {
        algorithms: ['HS256'],
        currentDate: new Date(this.#now()),
        requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      });
      claims = verified.payload;
    } catch (error) {
      return { ok: false, reason: rejectionFor(error) };
    }
    const { sub, jti } = claims;
    if (sub === undefined || jti === undefined) return { ok: false, reason: 'malformed' };
    if (this.#revoked.has(jti)) return { ok: false, reason: 'revoked' };
    return { ok: true, userUuid: sub, jti };
  }

  /** Returns false when no token with that jti was issued here. */
  revoke(jti: string): boolean {
    if (!this.#issued.has(jti)) return false;
    this.#revoked.add(jti);
    return true;
  }

  /** Revokes every token the user holds; returns how many were still live. */
  revokeAllFor(userUuid: string): number {
    let count = 0;
    for (const issued of this.#issued.values()) {
      if (issued.userUuid !== userUuid || this.#revoked.has(issued.jti)) continue;
      this.#revoked.add(issued.jti);
      count++;
    }
    return count;
  }

  /**
   * The user's current token: the most recently issued one that is neither revoked nor expired.
   * This is what /users/me returns as `access_token`.
   */
  currentFor(userUuid: string): string | undefined {
    const nowSeconds = this.#now() / 1000;
    let current: string | undefined;
    for (const issued of this.#issued.values()) {
      if (issued.userUuid !== userUuid || this.#revoked.has(issued.jti)) continue;
      if (issued.expiresAtSeconds <= nowSeconds) continue;
      current = issued.token;
    }
    return current;
  }
}

function rejectionFor(error: unknown): TokenRejection {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
  return 'malformed';
}
