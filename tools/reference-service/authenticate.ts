// Bearer-token authentication for every API endpoint. All failures are 401 with a `detail`
// saying why, and a WWW-Authenticate header as RFC 6750 asks.

import { ApiError } from './error-replies';
import type { Account } from './records';
import type { AccountStore } from './store';
import type { TokenRejection, TokenService } from './tokens';

export interface Caller {
  account: Account;
  token: string;
}

const REJECTION_DETAIL: Record<TokenRejection, string> = {
  malformed: 'Invalid token',
  'bad-signature': 'Invalid token',
  expired: 'Token has expired',
  revoked: 'Token has been revoked',
};

export async function authenticate(
  authorization: string | undefined,
  tokens: TokenService,
  store: AccountStore,
): Promise<Caller> {
  if (authorization === undefined || authorization.trim() === '') {
    throw new ApiError(401, 'Not authenticated', { 'www-authenticate': 'Bearer' });
  }
  // The scheme name is case-insensitive (RFC 9110); the token itself is one word.
  const match = /^Bearer +(\S+)\s*$/i.exec(authorization);
  const token = match?.[1];
  if (token === undefined) {
    throw new ApiError(401, "Authorization header must be 'Bearer <token>'", {
      'www-authenticate': 'Bearer',
    });
  }
  const check = await tokens.verify(token);
  // A valid signature for a user that no longer exists is as good as no token.
  const account = check.ok ? store.accountByUuid(check.userUuid) : undefined;
  if (!account) {
    const detail = check.ok ? 'Invalid token' : REJECTION_DETAIL[check.reason];
    throw new ApiError(401, detail, { 'www-authenticate': 'Bearer error="invalid_token"' });
  }
  return { account, token };
}
