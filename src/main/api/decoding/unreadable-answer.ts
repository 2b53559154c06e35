/**
 * Thrown by a decoder when a whole answer cannot be read (not JSON, or not the resource at all).
 * Its message is a clause for the user ("it is an object without a list of plans"); the client
 * turns it into a `bad_response` ProxyServiceError.
 */
export class UnreadableAnswer extends Error {
  override readonly name = 'UnreadableAnswer';
}
