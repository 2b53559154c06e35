export type TokenExpiryWarning = 'expired' | 'soon';

export const DEFAULT_EXPIRY_WARNING_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * When a JWT says it expires, read from its `exp` claim WITHOUT verifying the signature: the app
 * only uses it to warn the user in time, and the service stays the judge of the token.
 * `undefined` for anything that is not a JWT or carries no usable `exp`.
 */
export function jwtExpiry(token: string): Date | undefined {
  // Stryker disable next-line MethodExpression: spaces around the token fall in the header and signature parts, never in the payload read here
  const parts = token.trim().split('.');
  if (parts.length !== 3) return undefined;
  const payload = parts[1];
  // `payload === undefined` is there for the compiler (three parts were counted): its `false`
  // mutant is equivalent, left to survive.
  if (payload === undefined || !BASE64URL.test(payload)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    // Emptying this block is equivalent, left to survive: claims stay undefined and are refused below.
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return undefined;
  const exp = claims.exp;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Number.isFinite is false for anything not a number, and an infinite exp gives an invalid date refused below
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  const expiresAt = new Date(exp * 1000);
  return Number.isNaN(expiresAt.getTime()) ? undefined : expiresAt;
}

/**
 * Whether to warn about a token's expiry at `now` (epoch ms): 'expired' once it has passed,
 * 'soon' within `withinDays` of it, otherwise undefined (also for a token with no known expiry).
 */
export function expiryWarning(
  expiresAt: Date | undefined,
  now: number,
  withinDays: number = DEFAULT_EXPIRY_WARNING_DAYS,
): TokenExpiryWarning | undefined {
  if (expiresAt === undefined) return undefined;
  const left = expiresAt.getTime() - now;
  if (left <= 0) return 'expired';
  if (left <= withinDays * DAY_MS) return 'soon';
  return undefined;
}
