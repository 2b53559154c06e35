import { describe, expect, it } from 'vitest';
import { proxyAddress, proxyTitle } from '../../../src/shared/ipc/proxy-title';

describe('proxyTitle', () => {
  it('is the trimmed label, or ip:port without one', () => {
    expect(proxyTitle({ label: '  Office  ', ip: '192.0.2.1', port: 8080 })).toBe('Office');
    expect(proxyTitle({ label: null, ip: '192.0.2.1', port: 8080 })).toBe('192.0.2.1:8080');
    expect(proxyTitle({ label: '  ', ip: '192.0.2.1', port: 8080 })).toBe('192.0.2.1:8080');
  });

  it('brackets an IPv6 address, and keeps a host name as it is', () => {
    expect(proxyTitle({ label: null, ip: '2001:db8::1', port: 1080 })).toBe('[2001:db8::1]:1080');
    expect(proxyAddress({ ip: 'gate.example.com', port: 8080 })).toBe('gate.example.com:8080');
  });
});
