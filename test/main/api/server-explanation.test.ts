import { describe, expect, it } from 'vitest';
import { serverExplanation } from '../../../src/main/api/server-explanation';

describe('serverExplanation', () => {
  it.each([
    ['a JSON string', JSON.stringify('Plan is blocked'), 'Plan is blocked'],
    ['{detail}', JSON.stringify({ detail: 'Proxy not found' }), 'Proxy not found'],
    ['{message}', JSON.stringify({ message: 'Slow down' }), 'Slow down'],
    ['{error}', JSON.stringify({ error: 'forbidden' }), 'forbidden'],
    ['{error: {message}}', JSON.stringify({ error: { code: 9, message: 'nested' } }), 'nested'],
    [
      'OAuth error pair',
      JSON.stringify({ error: 'invalid_token', error_description: 'Token expired' }),
      'Token expired',
    ],
    [
      'FastAPI field errors',
      JSON.stringify({
        detail: [{ loc: ['body', 'rotate_interval'], msg: 'must be >= 60', type: 'x' }],
      }),
      'rotate_interval: must be >= 60',
    ],
    [
      'a list of {field, message}',
      JSON.stringify([
        { field: 'label', message: 'too long' },
        { field: 'id', message: 'unknown' },
      ]),
      'label: too long; id: unknown',
    ],
    [
      'Laravel-style message and errors map',
      JSON.stringify({ message: 'Invalid data', errors: { label: ['is too long', 'has emoji'] } }),
      'Invalid data: label: is too long; has emoji',
    ],
    ['RFC 7807 title', JSON.stringify({ type: 'about:blank', title: 'Conflict' }), 'Conflict'],
    ['plain text', 'upstream timed out\n', 'upstream timed out'],
    [
      'an HTML error page',
      '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
      '502 Bad Gateway',
    ],
  ])('reads %s', (_shape, body, expected) => {
    expect(serverExplanation(body, [])).toBe(expected);
  });

  it.each([
    ['an empty body', ''],
    ['whitespace', '  \n'],
    ['JSON null', 'null'],
    ['a number', '500'],
    ['an object without a message', JSON.stringify({ code: 17 })],
    ['an HTML page without a title', '<!DOCTYPE html><html><body>x</body></html>'],
  ])('gives nothing for %s', (_shape, body) => {
    expect(serverExplanation(body, [])).toBeUndefined();
  });

  it.each([
    [
      'a FastAPI error in the query string',
      JSON.stringify({ detail: [{ loc: ['query', 'page'], msg: 'not a number' }] }),
      'page: not a number',
    ],
    [
      'a FastAPI error at a nested place',
      JSON.stringify({ detail: [{ loc: ['body', 'proxies', 0, 'label'], msg: 'too long' }] }),
      'proxies.0.label: too long',
    ],
    [
      'a FastAPI error about the whole body',
      JSON.stringify({ detail: [{ loc: ['body'], msg: 'not valid JSON' }] }),
      'not valid JSON',
    ],
    ['{param, message}', JSON.stringify({ param: 'id', message: 'unknown' }), 'id: unknown'],
    ['{path, message}', JSON.stringify({ path: 'label', message: 'too long' }), 'label: too long'],
    [
      'a message with an empty field',
      JSON.stringify({ field: '', message: 'Invalid data' }),
      'Invalid data',
    ],
    [
      'a message with a field that is no name',
      JSON.stringify({ field: 3, message: 'Invalid data' }),
      'Invalid data',
    ],
    [
      'a field with a message that is no text',
      JSON.stringify({ field: 'label', message: null, detail: 'Label too long' }),
      'Label too long',
    ],
    [
      'a message and a list of errors',
      JSON.stringify({
        message: 'Invalid data',
        errors: [{ field: 'label', message: 'too long' }],
      }),
      'Invalid data: label: too long',
    ],
    [
      'a message and errors that are one text',
      JSON.stringify({ message: 'Invalid data', errors: 'label is too long' }),
      'Invalid data',
    ],
    [
      'a message and errors that are null',
      JSON.stringify({ message: 'Invalid data', errors: null }),
      'Invalid data',
    ],
    [
      'a message padded with line breaks and tabs',
      JSON.stringify({ detail: '\n\t Proxy not found \r\n' }),
      'Proxy not found',
    ],
    [
      'plain text that mentions an HTML tag',
      'Bad request: <body> must not be empty',
      'Bad request: <body> must not be empty',
    ],
    [
      'an HTML page whose title has attributes and spaces',
      '<!doctype html><html><head><title lang="en">\n  503 Service Unavailable\n</title></head></html>',
      '503 Service Unavailable',
    ],
  ])('reads %s', (_shape, body, expected) => {
    expect(serverExplanation(body, [])).toBe(expected);
  });

  it('gives nothing for an HTML page whose title is blank', () => {
    expect(serverExplanation('<html><head><title>  </title></head></html>', [])).toBeUndefined();
  });

  it('lists at most five field errors', () => {
    const errors = ['a', 'b', 'c', 'd', 'e', 'f'].map((field) => ({ field, message: 'bad' }));
    expect(serverExplanation(JSON.stringify(errors), [])).toBe(
      'a: bad; b: bad; c: bad; d: bad; e: bad',
    );
  });

  // Four levels of nesting below the body are read; what lies deeper is not looked for.
  const detail = (inner: unknown) => ({ detail: inner });
  const list = (inner: unknown) => [inner];
  it.each([
    ['messages in messages', detail(detail(detail(detail('deep')))), 'deep'],
    ['lists in lists', list(list(list(list('deep')))), 'deep'],
    ['a list of errors', { errors: list(list(list('deep'))) }, 'deep'],
    ['a map of field errors', { errors: { label: list(list(list('deep'))) } }, 'label: deep'],
  ])('reads %s four levels deep', (_shape, body, expected) => {
    expect(serverExplanation(JSON.stringify(body), [])).toBe(expected);
  });

  it.each([
    ['messages in messages', detail(detail(detail(detail(detail('deep')))))],
    ['lists in lists', list(list(list(list(list('deep')))))],
    ['a list of errors', { errors: list(list(list(list('deep')))) }],
    ['a map of field errors', { errors: { label: list(list(list(list('deep')))) } }],
  ])('reads no deeper in %s', (_shape, body) => {
    expect(serverExplanation(JSON.stringify(body), [])).toBeUndefined();
  });

  it('keeps a line of exactly 300 characters whole, and cuts one longer', () => {
    const exact = 'x'.repeat(300);
    expect(serverExplanation(exact, [])).toBe(exact);
    expect(serverExplanation(`${exact}y`, [])).toBe(`${'x'.repeat(299)}…`);
  });

  it('returns one short line whatever the body holds', () => {
    const explanation = serverExplanation(
      JSON.stringify({ detail: `a\u0000b\r\n${'x'.repeat(5_000)}` }),
      [],
    );
    expect(explanation).toMatch(/^a b x+…$/);
    expect(explanation?.length).toBeLessThanOrEqual(300);
  });

  it('reads a body of a megabyte as its first 299 characters and an ellipsis', () => {
    const body = JSON.stringify({ detail: `Quota exceeded: ${'word '.repeat(200_000)}` });
    expect(serverExplanation(body, [])).toBe(`Quota exceeded: ${'word '.repeat(56)}wor…`);
  });

  it('redacts before it cuts: a quoted password straddling the 300th character does not escape', () => {
    for (let before = 270; before < 300; before += 1) {
      const body = `${'x'.repeat(before)} password: "correct horse battery staple"`;
      const explanation = serverExplanation(body, []) ?? '';
      expect(explanation.length).toBeLessThanOrEqual(300);
      expect(explanation).not.toMatch(/horse|correct h/);
    }
  });

  it('redacts a named token echoed across the cut', () => {
    const token = 'pt_live_7Gx2QmV9rT4kLw8ZsY1nB6cD3fH5jK0p';
    const explanation = serverExplanation(`${'x'.repeat(280)} ${token}`, [token]) ?? '';
    expect(explanation).not.toContain(token.slice(0, 12));
  });

  it('redacts a JWT whose signature is cut by the 300-character limit', () => {
    const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.${'s'.repeat(43)}`;
    const explanation = serverExplanation(`${'x'.repeat(270)} ${jwt}`, []) ?? '';
    expect(explanation).not.toContain('eyJzdWIiOiJkZW1vIn0');
    expect(explanation).toContain('[redac');
  });

  it('survives deeply nested bodies, reading nothing from below four levels', () => {
    const depth = 100_000;
    const body = `${'{"detail":'.repeat(depth)}"deep"${'}'.repeat(depth)}`;
    expect(serverExplanation(body, [])).toBeUndefined();
  });
});
