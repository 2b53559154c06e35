import { expect, it } from 'vitest';
import { loopbackBindAddress } from '../../../src/main/local-ports/loopback-bind';

it('binds to loopback by default, and reads the loopback names however they are written', () => {
  expect(loopbackBindAddress()).toBe('127.0.0.1');
  expect(loopbackBindAddress(' LocalHost ')).toBe('127.0.0.1');
  expect(loopbackBindAddress('127.0.0.1')).toBe('127.0.0.1');
  expect(loopbackBindAddress('::1')).toBe('::1');
  expect(loopbackBindAddress(' [::1] ')).toBe('::1');
});

it('refuses any other address before a socket is opened, naming it', () => {
  for (const host of ['0.0.0.0', '::', '', '192.168.1.10', 'localhost.example']) {
    expect(() => loopbackBindAddress(host)).toThrow(
      expect.objectContaining({
        name: 'LocalPortError',
        kind: 'not_loopback',
        message: `A local port listens on this computer only (127.0.0.1, ::1 or localhost), not on ${JSON.stringify(host)}: anyone who reaches it could use the proxy's login.`,
      }),
    );
  }
});
