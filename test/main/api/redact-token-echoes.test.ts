import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskSecrets, redactSecrets } from '../../../src/main/api/redact';
import { secretFragmentSpans } from '../../../src/main/api/secret-fragments';
import { serverExplanation } from '../../../src/main/api/server-explanation';
import { redactLogValue } from '../../../src/main/logging/redact-log-value';
import { jwtTokens, survivingFragment, textEchoing, tokens } from './token-echo-arbitraries';

/*
 * A service may echo the access token, or only a piece of it, in an error body. Whatever it
 * echoes, no piece of 12 characters or more may reach a message, an event or a log line: checked
 * here on the redaction itself, and end to end in token-echoes-over-ipc.test.ts.
 */

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2lnbmF0dXJlLWJ5dGVzLW9mLWEtcmVhbC1rZXk';
const [HEADER, PAYLOAD, SIGNATURE] = JWT.split('.') as [string, string, string];
const OPAQUE_TOKEN = 'pt_live_7Gx2QmV9rT4kLw8ZsY1nB6cD3fH5jK0p';

describe('token pieces are redacted', () => {
  it.each([
    ['the signature segment', `bad signature ${SIGNATURE}`, 'bad signature [redacted]'],
    ['the payload segment', `claims ${PAYLOAD} expired`, 'claims [redacted] expired'],
    ['the header segment', `header=${HEADER};`, 'header=[redacted];'],
    ['two segments with their dot', `got ${PAYLOAD}.${SIGNATURE}`, 'got [redacted]'],
    ['12 characters of the middle', `x${SIGNATURE.slice(10, 22)}y`, 'x[redacted]y'],
  ])('%s of a JWT', (_piece, text, clean) => {
    expect(redactSecrets(text, [JWT])).toBe(clean);
  });

  it('an opaque token cut off at either end', () => {
    expect(maskSecrets(`a ${OPAQUE_TOKEN.slice(0, 20)}`, [OPAQUE_TOKEN])).toBe('a [redacted]');
    expect(maskSecrets(`${OPAQUE_TOKEN.slice(-12)} b`, [OPAQUE_TOKEN])).toBe('[redacted] b');
  });

  it('leaves pieces shorter than 12 characters, which could be anything', () => {
    const text = `code ${OPAQUE_TOKEN.slice(0, 11)} and ${OPAQUE_TOKEN.slice(20, 31)}`;
    expect(maskSecrets(text, [OPAQUE_TOKEN])).toBe(text);
  });

  it('a secret shorter than 12 characters is still masked whole', () => {
    expect(maskSecrets('pin 12345 twice 12345', ['12345'])).toBe('pin [redacted] twice [redacted]');
  });

  it('joins echoes that overlap or touch into one mask', () => {
    const text = `${OPAQUE_TOKEN.slice(0, 20)}${OPAQUE_TOKEN.slice(10)}!`;
    expect(secretFragmentSpans(text, [OPAQUE_TOKEN])).toEqual([{ start: 0, end: text.length - 1 }]);
  });

  it.each([
    ['a URL with a token as its user name', 'https://ghp_abc123@git.example.com/x'],
    ['a URL with user and password', 'http://alice:s3cret@203.0.113.7:8080/'],
  ])('masks credentials in %s', (_what, url) => {
    const clean = redactSecrets(`fetch ${url} failed`, []);
    expect(clean).not.toMatch(/ghp_abc123|s3cret/);
    expect(clean).toContain('[redacted]@');
  });

  it('is linear: a megabyte of text against a 1 KB token takes well under a second', () => {
    const token = randomBytes(768).toString('base64');
    const text = `${randomBytes(3 << 18).toString('base64')} ${token.slice(100, 400)}`;
    const started = performance.now();
    const clean = maskSecrets(text, [token]);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(clean.endsWith('[redacted]')).toBe(true);
  });
});

describe('no piece of a token survives, whatever the text around it (property)', () => {
  it('redactSecrets, given the token', () => {
    fc.assert(
      fc.property(
        tokens.chain((token) => fc.tuple(fc.constant(token), textEchoing(token))),
        ([token, text]) => {
          expect(survivingFragment(redactSecrets(text, [token]), token)).toBeUndefined();
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('the service explanation shown to the user, however long the body and wherever the cut', () => {
    fc.assert(
      fc.property(
        tokens.chain((token) => fc.tuple(fc.constant(token), textEchoing(token))),
        ([token, text]) => {
          for (const body of [text, JSON.stringify({ detail: text })]) {
            const explanation = serverExplanation(body, [token]) ?? '';
            expect(explanation.length).toBeLessThanOrEqual(300);
            expect(survivingFragment(explanation, token)).toBeUndefined();
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('a whole JWT nobody named, anywhere around the 300-character cut', () => {
    fc.assert(
      fc.property(
        jwtTokens,
        fc.integer({ min: 0, max: 400 }),
        fc.string({ maxLength: 40 }),
        (jwt, before, after) => {
          const explanation = serverExplanation(`${'x'.repeat(before)} ${jwt} ${after}`, []) ?? '';
          expect(survivingFragment(explanation, jwt)).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a log line, as the log redacts it (the token known to the session)', () => {
    fc.assert(
      fc.property(
        tokens.chain((token) => fc.tuple(fc.constant(token), textEchoing(token))),
        ([token, text]) => {
          const redactText = (line: string) => redactSecrets(maskSecrets(line, [token]), []);
          const logged = redactLogValue(
            [text, new Error(text), { detail: text, nested: { said: [text] } }],
            redactText,
          );
          expect(survivingFragment(stringsIn(logged), token)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Every string in a logged value, JSON escapes undone, so a piece cannot hide behind them. */
function stringsIn(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  return Object.entries(value)
    .map(([key, item]) => `${key}\n${stringsIn(item)}`)
    .join('\n');
}
