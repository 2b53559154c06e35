import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { accountIdFor } from '../../../src/main/session/account-id';

const UUID = '0b6f2c1e-8d4a-4f7e-9c3b-2a1d5e6f7a8b';

describe('accountIdFor', () => {
  it('is the user uuid at the normalised service URL', () => {
    expect(accountIdFor('https://proxy.example.com/api', { uuid: UUID, username: 'demo' })).toBe(
      `${UUID}@https://proxy.example.com/api/`,
    );
  });

  it('is the same however the URL and uuid were written', () => {
    const id = accountIdFor('https://proxy.example.com/api/', { uuid: UUID, username: 'demo' });
    expect(
      accountIdFor('  HTTPS://Proxy.Example.COM/api//', {
        uuid: UUID.toUpperCase(),
        username: 'demo',
      }),
    ).toBe(id);
    expect(
      accountIdFor('https://proxy.example.com:443/api', { uuid: ` ${UUID} `, username: 'demo' }),
    ).toBe(id);
  });

  it('tells apart users, services and prefixes', () => {
    const ids = new Set([
      accountIdFor('https://proxy.example.com/api', { uuid: UUID, username: 'demo' }),
      accountIdFor('https://proxy.example.com/api', {
        uuid: UUID.replace('0b6f', '1b6f'),
        username: 'demo',
      }),
      accountIdFor('https://other.example.com/api', { uuid: UUID, username: 'demo' }),
      accountIdFor('https://proxy.example.com/v2', { uuid: UUID, username: 'demo' }),
      accountIdFor('http://127.0.0.1:8787/', { uuid: UUID, username: 'demo' }),
    ]);
    expect(ids.size).toBe(5);
  });

  it('is the username at the service URL for a service that sends no uuid', () => {
    const byName = accountIdFor('https://proxy.example.com/api', { uuid: null, username: 'demo' });
    expect(byName).toBe('name:demo@https://proxy.example.com/api/');
    // Never the same as a uuid account's id, nor another name's.
    expect(byName).not.toBe(
      accountIdFor('https://proxy.example.com/api', { uuid: 'demo', username: 'x' }),
    );
    expect(byName).not.toBe(
      accountIdFor('https://proxy.example.com/api', { uuid: null, username: 'Demo' }),
    );
  });

  it('keeps an opaque or dash-less uuid as it is, lower-cased', () => {
    expect(accountIdFor('https://proxy.example.com/', { uuid: 'AB12CD', username: 'x' })).toBe(
      'ab12cd@https://proxy.example.com/',
    );
  });

  it('refuses a URL the service client would refuse', () => {
    expect(() =>
      accountIdFor('http://proxy.example.com/', { uuid: UUID, username: 'demo' }),
    ).toThrow(ProxyServiceError);
  });
});
