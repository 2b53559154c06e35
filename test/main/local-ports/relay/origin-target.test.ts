import { describe, expect, it } from 'vitest';
import { originTarget } from '../../../../src/main/local-ports/relay/origin-target';

describe('originTarget', () => {
  it.each([
    ['http://site.test/a/../b?c=d%20e', 'site.test', 80, 'site.test', '/a/../b?c=d%20e'],
    ['HTTP://Site.Test:8080', 'Site.Test', 8080, 'Site.Test:8080', '/'],
    ['http://site.test?q', 'site.test', 80, 'site.test', '/?q'],
    ['http://site.test/page#part', 'site.test', 80, 'site.test', '/page'],
    ['http://[::1]:81/x', '::1', 81, '[::1]:81', '/x'],
    ['http://user:secret@10.0.0.1:82/x', '10.0.0.1', 82, '10.0.0.1:82', '/x'],
    ['http://site.test:1/', 'site.test', 1, 'site.test:1', '/'],
    ['http://site.test:65535/', 'site.test', 65535, 'site.test:65535', '/'],
  ])(
    'reads %s as a tunnel to %s:%i, Host %s and the path as written',
    (url, host, port, field, path) => {
      expect(originTarget(url)).toEqual({ destination: { host, port }, host: field, path });
    },
  );

  it.each([
    'https://site.test/',
    'xhttp://site.test/',
    'ftp://site.test/',
    '/relative',
    'http:///nohost',
    'http://site.test:0/',
    'http://site.test:65536/',
    'http://site.test:/',
    'http://bad%0d%0ahost/',
    'http://under score.test/',
    'http://[::1/',
  ])('refuses %s', (url) => {
    expect(originTarget(url)).toBeNull();
  });
});
