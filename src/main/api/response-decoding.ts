import { ProxyServiceError } from './proxy-service-error';
import { UnreadableAnswer } from './decoding/unreadable-answer';

/**
 * Turns a successful answer's raw text into a value with a decoder of the resource. Text that is
 * not JSON, and an answer the decoder cannot read at all, are a `bad_response` saying why; what
 * a decoder can read in part it keeps (see the listing decoder).
 */
export function decodeResponse<Value>(
  text: string,
  decode: (json: unknown) => Value,
  failure: (detail: string) => ProxyServiceError,
): Value {
  if (!text.trim()) throw failure('the answer was empty');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw failure('the answer is not JSON');
  }
  try {
    return decode(json);
  } catch (error) {
    if (error instanceof UnreadableAnswer) throw failure(error.message);
    throw error;
  }
}

export function badResponse(action: string, detail: string, status?: number): ProxyServiceError {
  return new ProxyServiceError(
    'bad_response',
    `${action} failed: the service sent an answer this app does not understand (${detail}).`,
    // Passing { status: undefined } would be the same (the error skips an undefined status): the
    // mutant with the condition `false` is equivalent.
    status === undefined ? {} : { status },
  );
}

/** The account answer is read after the token was accepted: never a token problem. */
export function unreadableAccount(detail: string): ProxyServiceError {
  return new ProxyServiceError(
    'bad_response',
    `The service accepted the token, but its account answer could not be read (${detail}). Try again later, or ask the provider.`,
  );
}
