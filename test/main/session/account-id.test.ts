import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { accountIdFor } from '../../../src/main/session/account-id';

const UUID = '0b6f2c1e-8d4a-4f7e-9c3b-2a1d5e6f7a8b';

describe('accountIdFor', () => {
  it('is the user uuid at the normalised service URL', () => {
    expect(accountIdFor('https://proxy.example.com/api', UUID)).toBe(
      `${UUID}@https://proxy.example.com/api/`,
    );
  });

  it('is the same however the URL and uuid were written', () => {
    const id = accountIdFor('https://proxy.example.com/api/', UUID);
    expect(accountIdFor('  HTTPS://Proxy.Example.COM/api//', UUID.toUpperCase())).toBe(id);
    expect(accountIdFor('https://proxy.example.com:443/api', ` ${UUID} `)).toBe(id);
  });

  it('tells apart users, services and prefixes', () => {
    const ids = new Set([
      accountIdFor('https://proxy.example.com/api', UUID),
      accountIdFor('https://proxy.example.com/api', UUID.replace('0b6f', '1b6f')),
      accountIdFor('https://other.example.com/api', UUID),
      accountIdFor('https://proxy.example.com/v2', UUID),
      accountIdFor('http://127.0.0.1:8787/', UUID),
    ]);
    expect(ids.size).toBe(5);
  });

  it('refuses a URL the service client would refuse', () => {
    expect(() => accountIdFor('http://proxy.example.com/', UUID)).toThrow(ProxyServiceError);
  });
});
