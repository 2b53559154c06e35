/**
 * Thrown by a decoder when a whole answer cannot be read (not JSON, or not the resource at all).
 * Its message is a clause for the user ("it is an object without a list of plans"); the client
 * turns it into a `bad_response` ProxyServiceError.
 */
export class UnreadableAnswer extends Error {
  // Stryker disable next-line StringLiteral: the name shows only in a stack trace; the client turns every one into a ProxyServiceError
  override readonly name = 'UnreadableAnswer';
}
