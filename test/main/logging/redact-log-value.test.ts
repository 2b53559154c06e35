import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/main/api/redact';
import { redactLogValue } from '../../../src/main/logging/redact-log-value';

const TOKEN = 'pt_live_7Gx2QmV9rT4kLw8ZsY1nB6cD3fH5jK0p';
const redactText = (text: string) => redactSecrets(text, [TOKEN]);
const redact = (value: unknown) => redactLogValue(value, redactText);

describe('redactLogValue', () => {
  it('redacts strings and leaves numbers, booleans, null and undefined alone', () => {
    expect(redact(`token ${TOKEN}`)).toBe('token [redacted]');
    expect([42, true, null, undefined].map(redact)).toEqual([42, true, null, undefined]);
  });

  it('turns an Error into its redacted stack, message first, with its causes', () => {
    const cause = new Error(`the proxy http://alice:s3cret@203.0.113.7:8080 refused`);
    const error = new Error(`Authorization: Bearer ${TOKEN} was refused`, { cause });
    const text = redact(error) as string;
    expect(text).toMatch(/^Error: Authorization: Bearer \[redacted\] was refused\n\s+at /);
    expect(text).toContain('Caused by: Error: the proxy http://alice:[redacted]@203.0.113.7:8080');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('s3cret');
  });

  it('keeps a message changed after the stack was taken, and a cause that is no Error', () => {
    const error = new Error('first');
    expect(error.stack).toMatch(/^Error: first\n/); // V8 writes the stack when first read
    error.message = `password=${'hunter2'}`;
    error.cause = { token: TOKEN };
    const text = redact(error) as string;
    expect(text).toMatch(/^Error: password=\[redacted\]\nError: first\n/);
    expect(text).toContain('Caused by: {"token":"[redacted]"}');
    expect(text).not.toContain('hunter2');
  });

  it('writes what JSON cannot hold as text: a BigInt cause, an invalid date', () => {
    const error = new Error('overflow', { cause: 10n });
    expect(redact(error)).toMatch(/\nCaused by: 10$/);
    expect(redact(new Date(Number.NaN))).toBe('Invalid Date');
  });

  it('copies objects with secret-named fields masked and every string redacted', () => {
    const request = {
      url: new URL('http://alice:s3cret@203.0.113.7:8080/'),
      headers: { Authorization: `Bearer ${TOKEN}`, 'X-Api-Key': 'k-123', Accept: 'json' },
      body: { username: 'alice', password: 's3cret', note: `copied ${TOKEN}` },
      tokens: ['one', 'two'],
      tokenExpiresAt: '2026-03-01T10:00:00Z',
      sizes: new Map([['password', 'hunter2']]),
      seen: new Set([`id ${TOKEN}`]),
      bytes: new Uint8Array(3),
      at: new Date(0),
      onDone() {},
    };
    expect(redact(request)).toEqual({
      url: 'http://alice:[redacted]@203.0.113.7:8080/',
      headers: { Authorization: '[redacted]', 'X-Api-Key': '[redacted]', Accept: 'json' },
      body: { username: 'alice', password: '[redacted]', note: 'copied [redacted]' },
      tokens: '[redacted]',
      tokenExpiresAt: '2026-03-01T10:00:00Z',
      sizes: { password: '[redacted]' },
      seen: ['id [redacted]'],
      bytes: '[3 bytes]',
      at: new Date(0),
      onDone: '[function onDone]',
    });
    // The caller's object is untouched.
    expect(request.body.password).toBe('s3cret');
  });

  it('survives cycles and stops at a depth, without losing shared branches', () => {
    const shared = { secret: 'x' };
    const loop: Record<string, unknown> = { a: shared, b: shared };
    loop['self'] = loop;
    expect(redact(loop)).toEqual({
      a: { secret: '[redacted]' },
      b: { secret: '[redacted]' },
      self: '[circular]',
    });
    const deep = { l1: { l2: { l3: { l4: { l5: { l6: { l7: 'deep' } } } } } } };
    expect(JSON.stringify(redact(deep))).toContain('"l6":"[object]"');
  });
});
