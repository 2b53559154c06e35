import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseHost,
  formatCredentials,
  type HostChoice,
  type ProxyCredentials,
} from '../../../src/shared/credentials';
import { proxyCredentials } from './arbitraries';

const RUNS = 10_000;

/** What a WHATWG URL parser makes of the host: IPv6 compressed and bracketed, IPv4 as is. */
function expectedHostname(host: string): string {
  return host.includes(':') ? new URL(`http://[${host}]`).hostname : host;
}

function expectParsesBack(
  text: string,
  protocol: string,
  proxy: ProxyCredentials,
  choice: HostChoice,
) {
  const url = new URL(text);
  expect(url.protocol).toBe(protocol);
  expect(decodeURIComponent(url.username)).toBe(proxy.username);
  expect(decodeURIComponent(url.password)).toBe(proxy.password);
  expect(url.hostname).toBe(expectedHostname(chooseHost(proxy, choice)));
  // The parser drops http's default port from url.port; the text still carries it.
  const defaultPort = protocol === 'http:' ? '80' : '';
  expect(Number(url.port || defaultPort)).toBe(proxy.port);
  expect(url.search + url.hash).toBe('');
  expect(['/', '']).toContain(url.pathname);
}

describe.each([
  ['http-url', 'http:'],
  ['socks5-url', 'socks5:'],
] as const)('%s parses back to the same proxy', (format, protocol) => {
  it.each(['entry', 'ipv4', 'ipv6'] as const)('with the %s host', (hostChoice) => {
    fc.assert(
      fc.property(proxyCredentials, (proxy) => {
        const text = formatCredentials(proxy, { format, hostChoice });
        expectParsesBack(text, protocol, proxy, hostChoice);
      }),
      { numRuns: RUNS },
    );
  });
});
