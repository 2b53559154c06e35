/**
 * Where access tokens are kept, one per account. The app's vault is the OS keychain; a vault in
 * process memory stands in when the user keeps a token for this session only.
 */
export interface TokenVault {
  /** The stored token, or null when the account has none. */
  get(account: string): Promise<string | null>;
  /** Stores the token, replacing any earlier one of the account. */
  set(account: string, token: string): Promise<void>;
  /** Removes the account's token; false when there was none. */
  delete(account: string): Promise<boolean>;
}

/** Why the keychain could not be used, in the terms of what the user can do about it. */
export type VaultErrorKind = 'unavailable' | 'locked' | 'denied' | 'timeout';

/**
 * The one error a vault throws. Its message is a sentence for the user naming the cause and the
 * fix; `detail` keeps the keychain's own words for a bug report. Neither ever holds a token.
 */
export class VaultError extends Error {
  override readonly name = 'VaultError';
  readonly kind: VaultErrorKind;
  readonly detail?: string;

  constructor(kind: VaultErrorKind, message: string, detail?: string) {
    super(message);
    this.kind = kind;
    // Stryker disable next-line ConditionalExpression: the declared field already exists (as undefined) on every instance
    if (detail !== undefined) this.detail = detail;
  }

  toJSON(): { name: string; kind: VaultErrorKind; message: string; detail?: string } {
    return { name: this.name, kind: this.kind, message: this.message, detail: this.detail };
  }
}
