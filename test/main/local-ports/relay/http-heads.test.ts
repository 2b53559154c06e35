import { describe, expect, it } from 'vitest';
import type { BodyFraming } from '../../../../src/main/local-ports/relay/body-framing';
import {
  connectHead,
  isAbsoluteTarget,
  lastChunk,
  originRequestHead,
  requestHead,
  responseHead,
} from '../../../../src/main/local-ports/relay/http-heads';
import type { ParsedHead } from '../../../../src/main/local-ports/relay/parsed-head';

const head = (...headers: string[]): ParsedHead => ({ versionMajor: 1, versionMinor: 1, headers });
const NONE: BodyFraming = { kind: 'unframed' };

describe('originRequestHead', () => {
  const site = {
    destination: { host: 'site.test', port: 8080 },
    host: 'site.test:8080',
    path: '/a?b',
  };

  it("writes origin form with the URL's Host, dropping the app's Host and every field for a proxy", () => {
    const written = originRequestHead(
      'GET',
      site,
      head(
        'Host',
        'other.test',
        'Proxy-Authorization',
        'Basic YXBw',
        'proxy-connection',
        'keep-alive',
        'Connection',
        'keep-alive',
        'X-Name',
        'naïve',
      ),
      NONE,
    );
    expect(written?.toString('latin1')).toBe(
      'GET /a?b HTTP/1.1\r\nHost: site.test:8080\r\nConnection: keep-alive\r\nX-Name: naïve\r\n\r\n',
    );
  });

  it('writes the framing it read, never the fields as they came', () => {
    const written = originRequestHead(
      'POST',
      site,
      head('Content-Length', '1e2', 'transfer-encoding', 'CHUNKED'),
      { kind: 'chunked' },
    );
    expect(written?.toString('latin1')).toBe(
      'POST /a?b HTTP/1.1\r\nHost: site.test:8080\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
  });

  it.each([
    ['G T', head()],
    ['GET', head('X', 'a\r\nInjected: yes')],
    ['GET', head('Bad Name', 'x')],
  ])('refuses what cannot be written back safely (%s)', (method, parsed) => {
    expect(originRequestHead(method, site, parsed, NONE)).toBeNull();
  });
});

describe('requestHead', () => {
  it("drops the app's login, keeps every other field as it came and adds the upstream's", () => {
    const written = requestHead(
      'GET',
      'http://site.test/a?b=c',
      head('Host', 'site.test', 'proxy-authorization', 'Basic YXBw', 'X-Name', 'naïve'),
      NONE,
      'Basic dXA=',
    );
    expect(written?.toString('latin1')).toBe(
      'GET http://site.test/a?b=c HTTP/1.1\r\nHost: site.test\r\nX-Name: naïve\r\n' +
        'Proxy-Authorization: Basic dXA=\r\n\r\n',
    );
  });

  it.each([
    [{ kind: 'chunked' } as const, 'Transfer-Encoding: chunked\r\n'],
    [{ kind: 'length', length: 100 } as const, 'Content-Length: 100\r\n'],
  ])('writes the framing it read (%j), never the fields as they came', (framing, field) => {
    const written = requestHead(
      'POST',
      'http://site.test/',
      head('Content-Length', '1e2', 'transfer-encoding', 'CHUNKED', 'X', 'y'),
      framing,
      'Basic dXA=',
    );
    expect(written?.toString('latin1')).toBe(
      `POST http://site.test/ HTTP/1.1\r\nX: y\r\n${field}Proxy-Authorization: Basic dXA=\r\n\r\n`,
    );
  });

  it.each([
    ['a method that is not a token', 'GE T', 'http://site.test/', head()],
    ['a target that is not absolute', 'GET', '/path', head()],
    ['a field name that is not a token', 'GET', 'http://site.test/', head('Bad\u0001Name', 'v')],
    ['a field value with a control byte', 'GET', 'http://site.test/', head('X', 'a\u0000b')],
  ])('refuses %s', (_, method, target, parsed) => {
    expect(requestHead(method, target, parsed, NONE, 'Basic dXA=')).toBeNull();
  });
});

describe('responseHead', () => {
  it('writes the status line and fields back, the framing last and once', () => {
    const written = responseHead(
      200,
      'OK',
      head('Content-Length', '3', 'transfer-encoding', 'chunked', 'X', 'y'),
      { kind: 'chunked' },
    );
    expect(written?.toString('latin1')).toBe(
      'HTTP/1.1 200 OK\r\nX: y\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
  });

  it('names the coding of an answer that runs until the upstream closes', () => {
    const written = responseHead(200, 'OK', head('Transfer-Encoding', 'gzip'), {
      kind: 'unframed',
      transferEncoding: 'gzip',
    });
    expect(written?.toString('latin1')).toBe('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n');
  });

  it('writes bytes beyond ASCII back as the single bytes they came as (latin1)', () => {
    const written = responseHead(200, 'Très bien', head('X-Name', 'naïve'), NONE);
    expect(
      written?.equals(Buffer.from('HTTP/1.1 200 Très bien\r\nX-Name: naïve\r\n\r\n', 'latin1')),
    ).toBe(true);
    expect(lastChunk(['X-Name', 'é']).equals(Buffer.from('0\r\nX-Name: é\r\n\r\n', 'latin1'))).toBe(
      true,
    );
  });

  it('refuses a reason phrase or a field it could not write back safely', () => {
    expect(responseHead(200, 'O\nK', head(), NONE)).toBeNull();
    expect(responseHead(200, 'OK', head('X', 'a\rb'), NONE)).toBeNull();
  });
});

it('writes CONNECT anew with the target as line and Host, IPv6 in brackets', () => {
  expect(connectHead({ host: '::1', port: 443 }, 'Basic dXA=')).toBe(
    'CONNECT [::1]:443 HTTP/1.1\r\nHost: [::1]:443\r\nProxy-Authorization: Basic dXA=\r\n\r\n',
  );
});

it('ends a chunked body with its trailer fields', () => {
  expect(lastChunk(['X-Sum', '11']).toString('latin1')).toBe('0\r\nX-Sum: 11\r\n\r\n');
  expect(lastChunk([]).toString('latin1')).toBe('0\r\n\r\n');
});

it('drops trailer fields it could not write back safely, ending the body all the same', () => {
  expect(lastChunk(['X-Sum', '1\r\nInjected: yes']).toString('latin1')).toBe('0\r\n\r\n');
});

it.each([
  ['http://site.test/', true],
  ['https://site.test:8443/x', true],
  ['/relative', false],
  ['*', false],
  ['http://', false],
  ['http://site.test/a b', false],
  // An address further on in a path or a query is not what the request asks for.
  ['/go?to=http://site.test/', false],
  ['1http://site.test/', false],
  ['http:/site.test/', false],
  ['http://site.test/\u007f', false],
  ['svn+ssh.v-2://site.test/', true],
  ['http://site.test/naïve', true],
])('isAbsoluteTarget(%j) is %s', (target, expected) => {
  expect(isAbsoluteTarget(target)).toBe(expected);
});
