import type { ParsedHead } from './parsed-head';

/**
 * How a message's body is delimited, read strictly (RFC 9112 §6), so that the relay, the app and
 * the upstream can never disagree on where one message ends and the next begins (request
 * smuggling). The relay writes this framing anew on the next hop (http-heads.ts), never the
 * field as it came.
 */
export type BodyFraming =
  | { kind: 'chunked' }
  | { kind: 'length'; length: number }
  /**
   * Neither: a request without a body, or an answer that runs until the upstream closes — with
   * the transfer coding an answer named, if any (RFC 9112 §6.3: a coding other than chunked).
   */
  | { kind: 'unframed'; transferEncoding?: string };

/** Transfer codings, comma-separated tokens (what an answer's field may name, written back). */
const CODINGS = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[\t ]*,[\t ]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
/** Plain decimal digits, short enough to be a safe integer (no sign, exponent, hex or space). */
const DECIMAL = /^[0-9]{1,15}$/;

/**
 * The framing of a parsed head, or null when it cannot be told without guessing: a
 * Content-Length that is not plain digits or is given twice with different values, a
 * Transfer-Encoding given more than once, a request coded other than chunked, or an answer with
 * both a coding other than chunked and a length. The parser (strict-http-parser.ts) reads the
 * same framing for every head this accepts.
 */
export function bodyFraming(head: ParsedHead, message: 'request' | 'response'): BodyFraming | null {
  let length: string | undefined;
  const encodings: string[] = [];
  // A parsed head's fields come in pairs: `<=` or `index - 1` here only read one more, missing,
  // pair, which names no field (equivalent mutants, left to survive).
  for (let index = 0; index + 1 < head.headers.length; index += 2) {
    // Stryker disable next-line OptionalChaining: within the pairs every name is there (the ?. is for the type checker)
    const name = head.headers[index]?.toLowerCase();
    // Stryker disable next-line StringLiteral: within the pairs every value is there (the ?? is for the type checker)
    const value = head.headers[index + 1] ?? '';
    if (name === 'content-length') {
      if (!DECIMAL.test(value) || (length !== undefined && length !== value)) return null;
      length = value;
    } else if (name === 'transfer-encoding') {
      encodings.push(value);
    }
  }
  const [encoding, ...more] = encodings;
  if (encoding === undefined) {
    return length === undefined ? { kind: 'unframed' } : { kind: 'length', length: Number(length) };
  }
  if (more.length > 0) return null;
  if (encoding.toLowerCase() === 'chunked') return { kind: 'chunked' };
  if (message === 'request' || length !== undefined || !CODINGS.test(encoding)) return null;
  return { kind: 'unframed', transferEncoding: encoding };
}

/** The field that states `framing` on the next hop, as a head line, or '' for none. */
export function framingField(framing: BodyFraming): string {
  switch (framing.kind) {
    case 'chunked':
      return 'Transfer-Encoding: chunked\r\n';
    case 'length':
      return `Content-Length: ${framing.length}\r\n`;
    case 'unframed':
      return framing.transferEncoding === undefined
        ? ''
        : `Transfer-Encoding: ${framing.transferEncoding}\r\n`;
  }
}
