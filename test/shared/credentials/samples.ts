import type { ProxyCredentials } from '../../../src/shared/credentials';

/** The proxy behind COPY_FORMATS' examples (documentation addresses, RFC 5737 and RFC 3849). */
export const sampleProxy: ProxyCredentials = {
  ip: '203.0.113.7',
  port: 8080,
  username: 'alice',
  password: 's3cret',
  assigned_proxy_ipv4: '198.51.100.23',
  assigned_proxy_ipv6: '2001:db8::1',
};

/** Credentials with every character that has a meaning in URLs or shells. */
export const awkwardProxy: ProxyCredentials = {
  ...sampleProxy,
  username: 'us er@x',
  password: "p@ss:0/x'$!#?&+=[]%é😀",
};
