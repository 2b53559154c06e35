import { describe, expect, it } from 'vitest';
import {
  checkStartUrl,
  localProxyUrl,
  parseLocalProxyUrl,
} from '../../../src/main/browser/browser-local-proxy';

describe('the local proxy address a browser is given', () => {
  it.each([
    ['http://127.0.0.1:8080', { protocol: 'http', host: '127.0.0.1', port: 8080 }],
    ['http://127.0.0.1:8080/', { protocol: 'http', host: '127.0.0.1', port: 8080 }],
    ['socks5://127.0.0.1:1080', { protocol: 'socks5', host: '127.0.0.1', port: 1080 }],
    ['http://localhost:3128', { protocol: 'http', host: 'localhost', port: 3128 }],
    ['socks5://[::1]:1080', { protocol: 'socks5', host: '[::1]', port: 1080 }],
  ])('reads %s', (url, expected) => {
    expect(parseLocalProxyUrl(url)).toEqual(expected);
    expect(localProxyUrl(parseLocalProxyUrl(url))).toBe(url.replace(/\/$/, ''));
  });

  it.each([
    'not a url',
    'https://127.0.0.1:8080',
    'socks4://127.0.0.1:1080',
    'http://gate.example.net:8000',
    'http://127.0.0.1',
    'http://127.0.0.1:8080/path',
    'http://127.0.0.1:8080/?q=1',
    'http://127.0.0.1:8080/#x',
    'http://user:s3cret@127.0.0.1:8080',
  ])('refuses %s without repeating it', (url) => {
    expect(() => parseLocalProxyUrl(url)).toThrow(
      'The local proxy address must be http://127.0.0.1:PORT or socks5://127.0.0.1:PORT, without a username or password.',
    );
    try {
      parseLocalProxyUrl(url);
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cret');
      expect(error).toMatchObject({ name: 'BrowserLaunchError', failure: 'invalid-proxy' });
    }
  });
});

describe('the page opened first', () => {
  it('is an http or https address', () => {
    expect(checkStartUrl('https://api.ipify.org')).toBe('https://api.ipify.org/');
    expect(checkStartUrl('http://127.0.0.1:5199/ip')).toBe('http://127.0.0.1:5199/ip');
  });

  it.each(['--disable-web-security', 'file:///etc/passwd', 'javascript:alert(1)', ''])(
    'refuses %j',
    (url) => {
      expect(() => checkStartUrl(url)).toThrow(
        'The page to open first (the IP echo) is not an http:// or https:// address.',
      );
    },
  );
});
