import { describe, expect, it } from 'vitest';
import {
  isAbsoluteTarget,
  lastChunk,
  requestHead,
  responseHead,
  type ParsedHead,
} from '../../../src/main/local-ports/http-heads';

const head = (...headers: string[]): ParsedHead => ({ versionMajor: 1, versionMinor: 1, headers });

describe('requestHead', () => {
  it("drops the app's login, keeps every other field as it came and adds the upstream's", () => {
    const written = requestHead(
      'GET',
      'http://site.test/a?b=c',
      head('Host', 'site.test', 'proxy-authorization', 'Basic YXBw', 'X-Name', 'naïve'),
      'Basic dXA=',
    );
    expect(written?.toString('latin1')).toBe(
      'GET http://site.test/a?b=c HTTP/1.1\r\nHost: site.test\r\nX-Name: naïve\r\n' +
        'Proxy-Authorization: Basic dXA=\r\n\r\n',
    );
  });

  it('keeps one framing: chunked wins over a length, as the parser read it', () => {
    const written = requestHead(
      'POST',
      'http://site.test/',
      head('Content-Length', '5', 'Transfer-Encoding', 'chunked'),
      'Basic dXA=',
    );
    expect(written?.toString('latin1')).not.toContain('Content-Length');
  });

  it.each([
    ['a method that is not a token', 'GE T', 'http://site.test/', head()],
    ['a target that is not absolute', 'GET', '/path', head()],
    ['a field name that is not a token', 'GET', 'http://site.test/', head('Bad\u0001Name', 'v')],
    ['a field value with a control byte', 'GET', 'http://site.test/', head('X', 'a\u0000b')],
  ])('refuses %s', (_, method, target, parsed) => {
    expect(requestHead(method, target, parsed, 'Basic dXA=')).toBeNull();
  });
});

describe('responseHead', () => {
  it('writes the status line and fields back, one framing only', () => {
    const written = responseHead(
      200,
      'OK',
      head('Content-Length', '3', 'transfer-encoding', 'chunked', 'X', 'y'),
    );
    expect(written?.toString('latin1')).toBe(
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nX: y\r\n\r\n',
    );
  });

  it('refuses a reason phrase or a field it could not write back safely', () => {
    expect(responseHead(200, 'O\nK', head())).toBeNull();
    expect(responseHead(200, 'OK', head('X', 'a\rb'))).toBeNull();
  });
});

it('ends a chunked body with its trailer fields', () => {
  expect(lastChunk(['X-Sum', '11']).toString('latin1')).toBe('0\r\nX-Sum: 11\r\n\r\n');
  expect(lastChunk([]).toString('latin1')).toBe('0\r\n\r\n');
});

it.each([
  ['http://site.test/', true],
  ['https://site.test:8443/x', true],
  ['/relative', false],
  ['*', false],
  ['http://', false],
  ['http://site.test/a b', false],
])('isAbsoluteTarget(%j) is %s', (target, expected) => {
  expect(isAbsoluteTarget(target)).toBe(expected);
});
