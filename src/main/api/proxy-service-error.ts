/** What went wrong, in the terms the app reacts to (sign in again, retry later, fix input...). */
export type ProxyServiceErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'invalid_input'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'bad_response'
  /** An update was sent but its answer was lost: the service may or may not have applied it. */
  | 'unconfirmed';

/**
 * The one error the service client throws. It carries a sentence a user can read and nothing of
 * the request: no headers, no token, no underlying axios error (which holds the request config
 * with the Authorization header), so it is safe to log, serialise or send across IPC.
 */
export class ProxyServiceError extends Error {
  override readonly name = 'ProxyServiceError';
  readonly kind: ProxyServiceErrorKind;
  readonly status?: number;
  /** For `rate_limited`: how long the service asked to wait, when it said so. */
  readonly retryAfterSeconds?: number;

  constructor(
    kind: ProxyServiceErrorKind,
    message: string,
    details: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.kind = kind;
    // The fields are own properties from the start (class field semantics), so assigning
    // undefined changes nothing: the mutants that always assign (condition `true`) are equivalent.
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }

  toJSON(): { name: string; kind: ProxyServiceErrorKind; status?: number; message: string } {
    return { name: this.name, kind: this.kind, status: this.status, message: this.message };
  }
}
