import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../src/shared/net/loopback-host';
import { echoUrlProblem } from '../../../src/shared/settings/echo-url';

/** Hostnames as `new URL(…).hostname` gives them, and as a caller may pass them bare. */
const LOOPBACK = [
  'localhost',
  'LocalHost',
  '127.0.0.1',
  '127.255.255.254',
  '127.8.9.10',
  '[::1]',
  '::1',
  '[::ffff:7f00:1]',
  '::ffff:127.0.0.1',
  '[::ffff:7fff:fffe]',
];

/** Names (whatever they resolve to) and addresses that are not this computer's loopback. */
const NOT_LOOPBACK = [
  // Node asks DNS for these: a resolver that answers would get the token over plain HTTP.
  'evil.localhost',
  'app.localhost',
  'localhost.',
  'localhost.example.com',
  '127.0.0.1.example.com',
  '127.0.0.1.nip.io',
  '127.0.0.256',
  '128.0.0.1',
  '10.0.0.5',
  '0.0.0.0',
  '[::]',
  '[::2]',
  '[::ffff:8000:1]',
  '[::ffff:10.0.0.1]',
  '[127.0.0.1]',
  '',
];

describe('isLoopbackHost', () => {
  it.each(LOOPBACK)('%s is this computer', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(NOT_LOOPBACK)('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('takes the hostnames URL normalises: shorthand IPv4 and mapped IPv6 included', () => {
    for (const url of ['http://127.1/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/']) {
      expect(isLoopbackHost(new URL(url).hostname)).toBe(true);
    }
  });
});

describe('the IP echo URL follows the same rule', () => {
  it('allows plain HTTP to localhost and loopback addresses only', () => {
    expect(echoUrlProblem('http://127.0.0.1:9000/ip')).toBeUndefined();
    expect(echoUrlProblem('http://[::1]:9000/ip')).toBeUndefined();
    expect(echoUrlProblem('http://localhost:9000/ip')).toBeUndefined();
    expect(echoUrlProblem('http://evil.localhost:9000/ip')).toBe(
      'The IP echo URL must use HTTPS: evil.localhost:9000 is not localhost or a loopback address such as 127.0.0.1 or [::1].',
    );
    expect(echoUrlProblem('https://evil.localhost/ip')).toBeUndefined();
  });
});
