import { describe, expect, it } from 'vitest';
import { proxyAddress, proxyTitle } from '../../../src/shared/ipc/proxy-title';

const NONE_SHARED: ReadonlySet<string> = new Set();
const gateway = new Set(['gate.example.com:8000']);

describe('proxyTitle', () => {
  it('is the trimmed label, or ip:port without one', () => {
    const proxy = { ip: '192.0.2.1', port: 8080, username: 'dana' };
    expect(proxyTitle({ ...proxy, label: '  Office  ' }, NONE_SHARED)).toBe('Office');
    expect(proxyTitle({ ...proxy, label: null }, NONE_SHARED)).toBe('192.0.2.1:8080');
    expect(proxyTitle({ ...proxy, label: '  ' }, NONE_SHARED)).toBe('192.0.2.1:8080');
  });

  it('brackets an IPv6 address, and keeps a host name as it is', () => {
    expect(
      proxyTitle({ label: null, ip: '2001:db8::1', port: 1080, username: 'u' }, NONE_SHARED),
    ).toBe('[2001:db8::1]:1080');
    expect(proxyAddress({ ip: 'gate.example.com', port: 8080 })).toBe('gate.example.com:8080');
  });

  it('names a proxy whose host:port its plan shares by its label, else by username @ host:port', () => {
    const proxy = { ip: 'gate.example.com', port: 8000, username: 'dana-sess-1' };
    expect(proxyTitle({ ...proxy, label: null }, gateway)).toBe(
      'dana-sess-1 @ gate.example.com:8000',
    );
    expect(proxyTitle({ ...proxy, label: ' ' }, gateway)).toBe(
      'dana-sess-1 @ gate.example.com:8000',
    );
    expect(proxyTitle({ ...proxy, label: 'Checkout' }, gateway)).toBe('Checkout');
  });

  it('names a proxy by its address alone when only other addresses of its plan are shared', () => {
    expect(
      proxyTitle({ label: null, ip: 'gate.example.com', port: 8001, username: 'x' }, gateway),
    ).toBe('gate.example.com:8001');
    expect(proxyTitle({ label: null, ip: '2001:db8::1', port: 8000, username: 'x' }, gateway)).toBe(
      '[2001:db8::1]:8000',
    );
  });
});
