import fc from 'fast-check';
import { MIN_FRAGMENT_LENGTH } from '../../../src/main/api/secret-fragments';

/*
 * Error bodies in which a service echoes the access token: whole, one JWT segment, or any piece
 * of 12 characters or more, anywhere among random text, in the shapes services answer with.
 */

const BASE64URL = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'] as const;
const base64url = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...BASE64URL), minLength, maxLength });

/** header.payload.signature, as a provider issues them (HS256 to RS512 signatures). */
export const jwtTokens = fc
  .tuple(base64url(20, 60), base64url(20, 400), base64url(43, 342))
  .map(([header, payload, signature]) => `eyJ${header}.${payload}.${signature}`);

/** An opaque token: any printable ASCII without spaces, as the client accepts (up to ~1 KB). */
export const opaqueTokens = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
  minLength: MIN_FRAGMENT_LENGTH,
  maxLength: 1024,
});

export const tokens = fc.oneof(jwtTokens, opaqueTokens);

/** What of the token a service echoes: all of it, one JWT segment, or any long enough piece. */
export function echoedPieces(token: string): fc.Arbitrary<string> {
  const segments = token.split('.').filter((part) => part.length >= MIN_FRAGMENT_LENGTH);
  const piece = fc
    .integer({ min: 0, max: token.length - MIN_FRAGMENT_LENGTH })
    .chain((start) =>
      fc
        .integer({ min: start + MIN_FRAGMENT_LENGTH, max: token.length })
        .map((end) => token.slice(start, end)),
    );
  return fc.oneof(
    fc.constant(token),
    ...(segments.length > 0 ? [fc.constantFrom(...segments)] : []),
    piece,
  );
}

/** Text around the echo: anything, including line breaks, quotes and non-ASCII. */
const filler = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(' ', '\n', '"', 'Bearer ', 'Authorization: ', 'token=', '…'),
  // Long runs, so the echo lands on either side of (and across) the 300-character cut.
  fc.integer({ min: 200, max: 400 }).map((length) => 'x'.repeat(length)),
);

/** Random text with echoes of the token put anywhere in it. */
export function textEchoing(token: string): fc.Arbitrary<string> {
  const part = fc.oneof(filler, echoedPieces(token), echoedPieces(token));
  return fc
    .tuple(fc.array(part, { minLength: 0, maxLength: 8 }), echoedPieces(token))
    .chain(([parts, echo]) =>
      fc
        .integer({ min: 0, max: parts.length })
        .map((at) => [...parts.slice(0, at), echo, ...parts.slice(at)].join('')),
    );
}

/** A whole error body echoing the token, as plain text, JSON of the usual shapes, or HTML. */
export function errorBodyEchoing(token: string): fc.Arbitrary<unknown> {
  return textEchoing(token).chain((text) =>
    fc.constantFrom<unknown>(
      text,
      { detail: text },
      { message: text },
      { error: 'invalid_token', error_description: text },
      [{ loc: ['body', 'label'], msg: text }],
      { errors: { label: [text] } },
      `<html><head><title>${text.replace(/[<>]/g, '')}</title></head></html>`,
    ),
  );
}

/**
 * The first piece of the token of MIN_FRAGMENT_LENGTH characters found in `text`, or undefined:
 * every longer common piece holds one of these, so none found means none of any length. Naive on
 * purpose, to be an independent check of the Set-based search.
 */
export function survivingFragment(text: string, token: string): string | undefined {
  if (token.length < MIN_FRAGMENT_LENGTH) return text.includes(token) ? token : undefined;
  for (let at = 0; at + MIN_FRAGMENT_LENGTH <= token.length; at += 1) {
    const window = token.slice(at, at + MIN_FRAGMENT_LENGTH);
    if (text.includes(window)) return window;
  }
  return undefined;
}
