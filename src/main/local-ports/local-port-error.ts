/**
 * Why a local port could not start, with a sentence a user can read.
 * - `not_loopback`: the bind host is not this computer's loopback (the port would be open to the
 *   network without a login).
 * - `port_in_use`: another program holds the port; `suggestedPort` is one that was free a moment ago.
 * - `invalid_port`: not a whole number from 0 to 65535.
 * - `listen_failed`: the system refused for another reason (its code is in the message).
 */
export type LocalPortErrorKind = 'not_loopback' | 'port_in_use' | 'invalid_port' | 'listen_failed';

export class LocalPortError extends Error {
  override readonly name = 'LocalPortError';

  constructor(
    readonly kind: LocalPortErrorKind,
    message: string,
    readonly suggestedPort: number | null = null,
  ) {
    super(message);
  }
}
