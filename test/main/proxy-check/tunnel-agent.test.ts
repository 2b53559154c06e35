import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryLabel, proxyUrl } from '../../../src/main/proxy-check/tunnel-agent';
import { credentialText } from '../../shared/credentials/arbitraries';

describe('proxyUrl', () => {
  it('carries any username and password through the decoding the agents do', () => {
    fc.assert(
      fc.property(
        credentialText,
        credentialText,
        fc.constantFrom('http:', 'socks5h:'),
        (username, password, scheme) => {
          const url = proxyUrl(scheme as 'http:' | 'socks5h:', {
            host: '192.0.2.10',
            port: 8080,
            username,
            password,
          });
          // Both agents read url.username/url.password through decodeURIComponent.
          expect(decodeURIComponent(url.username)).toBe(username);
          expect(decodeURIComponent(url.password)).toBe(password);
          expect(url.hostname).toBe('192.0.2.10');
          expect(url.port).toBe('8080');
        },
      ),
    );
  });

  it('brackets an IPv6 entry point', () => {
    const url = proxyUrl('socks5h:', {
      host: '2001:db8::7',
      port: 1080,
      username: '',
      password: '',
    });
    expect(url.hostname).toBe('[2001:db8::7]');
    expect(url.port).toBe('1080');
  });
});

describe('entryLabel', () => {
  it('shows host:port, bracketing IPv6', () => {
    expect(entryLabel({ host: '192.0.2.10', port: 8080 })).toBe('192.0.2.10:8080');
    expect(entryLabel({ host: '2001:db8::7', port: 1080 })).toBe('[2001:db8::7]:1080');
  });
});
