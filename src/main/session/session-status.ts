import type { ProxyServiceErrorKind } from '../api/proxy-service-error';
import type { TokenExpiryWarning } from './jwt-expiry';
import type { VaultErrorKind } from './token-vault';

export type SessionState = 'signed-out' | 'active' | 'rejected' | 'keychain-error';

/** An account as the popup may see it: no uuid, no token. */
export interface AccountSummary {
  id: string;
  serviceUrl: string;
  username: string;
  displayName: string;
}

export interface AccountListing extends AccountSummary {
  active: boolean;
}

/** What the popup shows about the session; plain data, safe to send over IPC. Never a token. */
export interface SessionStatus {
  state: SessionState;
  account?: AccountSummary;
  /** ISO 8601, read from the token's `exp` claim when it has one. */
  tokenExpiresAt?: string;
  tokenExpiryWarning?: TokenExpiryWarning;
  message?: string;
  /** With 'keychain-error': signing in with `sessionOnly` gets the user going anyway. */
  canKeepForSession?: true;
}

export type SessionFailure =
  | { kind: ProxyServiceErrorKind | 'storage'; message: string }
  | { kind: 'keychain'; vaultKind: VaultErrorKind; message: string; canKeepForSession: true };

export type SessionResult =
  | {
      ok: true;
      status: SessionStatus;
      /** Something went partly wrong although the step was done (a keychain entry left behind). */
      warning?: string;
    }
  | { ok: false; error: SessionFailure };
