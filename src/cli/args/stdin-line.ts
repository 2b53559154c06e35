import type { Readable } from 'node:stream';

/** The longest line a token may be: a JWT is a few KB; the contract takes 16 KiB. */
const MAX_LINE_BYTES = 16_384;

/**
 * The first line of stdin, trimmed; undefined when it is empty. Stops reading at the first line
 * break, so `pass show proxy-tray | proxy-tray login --token-stdin` reads only the token, and
 * at 16 KiB, so a file piped in by mistake is not read whole.
 */
export async function firstLineOf(stream: Readable): Promise<string | undefined> {
  let text = '';
  for await (const chunk of stream) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a Buffer joined to a string is read as UTF-8 all the same, and a string's toString ignores the encoding
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    // Stryker disable next-line EqualityOperator: stopping at exactly 16 KiB or one chunk later keeps the same first 16 KiB
    if (text.includes('\n') || text.length > MAX_LINE_BYTES) break;
  }
  // Stryker disable next-line OptionalChaining: split always gives at least one part
  return text.split(/\r?\n/)[0]?.trim().slice(0, MAX_LINE_BYTES) || undefined;
}
