import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../../src/main/api/redact';
import { secretFragmentSpans } from '../../../src/main/api/secret-fragments';

/*
 * Where several secrets (a short one found whole, long ones found by their 12-character pieces)
 * land in one text, their masks must cover every character of each and come out as one
 * `[redacted]` per stretch: a gap leaks a piece, a doubled mask garbles the message.
 */

const TOKEN = 'pt_live_7Gx2QmV9rT4kLw8ZsY1nB6cD3fH5jK0p';

describe('masks of several secrets in one text', () => {
  it('a long token before a short secret: each masked, wherever they sit', () => {
    // The short secret's spans are found before the token's: masking must not depend on that.
    expect(maskSecrets(`got ${TOKEN} and pin 12345 and ${TOKEN} end`, ['12345', TOKEN])).toBe(
      'got [redacted] and pin [redacted] and [redacted] end',
    );
    expect(secretFragmentSpans(`${TOKEN} 12345 12345`, ['12345', TOKEN])).toEqual([
      { start: 0, end: 40 },
      { start: 41, end: 46 },
      { start: 47, end: 52 },
    ]);
  });

  it('two secrets that overlap in the text are one mask', () => {
    expect(maskSecrets('x1234567y', ['12345', '34567'])).toBe('x[redacted]y');
  });

  it('two secrets that touch in the text are one mask', () => {
    expect(maskSecrets('x1234567890y', ['12345', '67890'])).toBe('x[redacted]y');
  });

  it('a secret inside a longer one is covered by the longer one', () => {
    expect(maskSecrets('x123456y', ['123456', '34'])).toBe('x[redacted]y');
    expect(maskSecrets(`a ${TOKEN} b`, [TOKEN, TOKEN.slice(5, 10)])).toBe('a [redacted] b');
  });

  it('a secret of exactly 12 characters is masked wherever its pieces repeat', () => {
    // Found by its windows, an echo that overlaps itself is masked all along.
    expect(maskSecrets('<abababababababab>', ['abababababab'])).toBe('<[redacted]>');
  });

  it('a window whose hash matches a secret window but whose characters differ is left', () => {
    // The rolling hash is only a first sieve: these two 12-character strings share a hash.
    const secret = 'qHguTVIMSmkt';
    const lookalike = 'OjbKcRObIKk9';
    expect(maskSecrets(`say ${lookalike} and ${secret}`, [secret])).toBe(
      `say ${lookalike} and [redacted]`,
    );
  });
});
