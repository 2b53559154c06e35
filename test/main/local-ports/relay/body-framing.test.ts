import { describe, expect, it } from 'vitest';
import { bodyFraming, framingField } from '../../../../src/main/local-ports/relay/body-framing';
import type { ParsedHead } from '../../../../src/main/local-ports/relay/parsed-head';

const head = (...headers: string[]): ParsedHead => ({ versionMajor: 1, versionMinor: 1, headers });

describe('bodyFraming', () => {
  it.each([
    [head(), { kind: 'unframed' }],
    [head('Content-Length', '0'), { kind: 'length', length: 0 }],
    [head('content-length', '0042'), { kind: 'length', length: 42 }],
    [head('Content-Length', '5', 'Content-Length', '5'), { kind: 'length', length: 5 }],
    [head('Transfer-Encoding', 'Chunked'), { kind: 'chunked' }],
    // RFC 9112 §6.1: chunked wins; the length is dropped when the request is written anew.
    [head('Content-Length', '5', 'Transfer-Encoding', 'chunked'), { kind: 'chunked' }],
  ])('reads a request with %j as %j', (parsed, framing) => {
    expect(bodyFraming(parsed, 'request')).toEqual(framing);
  });

  it.each([
    ['an exponent', head('Content-Length', '1e2')],
    ['hex', head('Content-Length', '0x10')],
    ['a sign', head('Content-Length', '+5')],
    ['a decimal point', head('Content-Length', '5.0')],
    ['an empty value', head('Content-Length', '')],
    ['a list', head('Content-Length', '5, 5')],
    ['a space inside', head('Content-Length', '5 5')],
    ['more digits than a safe integer', head('Content-Length', '1234567890123456')],
    ['two different lengths', head('Content-Length', '5', 'Content-Length', '6')],
    ['the same length spelt twice', head('Content-Length', '5', 'Content-Length', '05')],
    ['two transfer codings', head('Transfer-Encoding', 'chunked', 'Transfer-Encoding', 'chunked')],
    ['chunked then another coding', head('Transfer-Encoding', 'chunked, gzip')],
    ['another coding', head('Transfer-Encoding', 'gzip')],
    ['a bad length beside chunked', head('Transfer-Encoding', 'chunked', 'Content-Length', '1e2')],
  ])('refuses a request with %s', (_, parsed) => {
    expect(bodyFraming(parsed, 'request')).toBeNull();
  });

  it.each(['gzip', 'gzip, deflate', 'gzip,deflate', 'gzip ,br', 'x-zip\t,\tbr, deflate'])(
    'lets an answer coded %j run until the upstream closes, naming the coding',
    (codings) => {
      expect(bodyFraming(head('Transfer-Encoding', codings), 'response')).toEqual({
        kind: 'unframed',
        transferEncoding: codings,
      });
    },
  );

  it.each([
    ['a length beside another coding', head('Transfer-Encoding', 'gzip', 'Content-Length', '5')],
    ['a coding that is not a token list', head('Transfer-Encoding', 'gzip;q=1')],
    ['a list with an empty coding', head('Transfer-Encoding', 'gzip, , br')],
    ['a list ending in a comma', head('Transfer-Encoding', 'gzip,')],
    ['two transfer codings', head('Transfer-Encoding', 'gzip', 'Transfer-Encoding', 'chunked')],
  ])('refuses an answer with %s', (_, parsed) => {
    expect(bodyFraming(parsed, 'response')).toBeNull();
  });
});

it.each([
  [{ kind: 'chunked' } as const, 'Transfer-Encoding: chunked\r\n'],
  [{ kind: 'length', length: 7 } as const, 'Content-Length: 7\r\n'],
  [{ kind: 'unframed' } as const, ''],
  [{ kind: 'unframed', transferEncoding: 'br' } as const, 'Transfer-Encoding: br\r\n'],
])('states %j as %j', (framing, field) => {
  expect(framingField(framing)).toBe(field);
});
