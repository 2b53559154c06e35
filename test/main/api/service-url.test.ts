import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { endpointUrl, normaliseServiceUrl } from '../../../src/main/api/service-url';
import { echoUrlProblem } from '../../../src/shared/settings/echo-url';

describe('normaliseServiceUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/users/me'],
    ['https://api.example.com/', 'https://api.example.com/users/me'],
    ['https://api.example.com/api', 'https://api.example.com/api/users/me'],
    ['https://api.example.com/api/', 'https://api.example.com/api/users/me'],
    ['https://api.example.com/v/2//', 'https://api.example.com/v/2/users/me'],
    ['  https://api.example.com:8443/api  ', 'https://api.example.com:8443/api/users/me'],
  ])('resolves endpoints under %s', (base, expected) => {
    expect(endpointUrl(normaliseServiceUrl(base), '/users/me')).toBe(expected);
  });

  it.each([
    'http://localhost:8787',
    'http://127.0.0.1:9/api',
    'http://127.8.9.10',
    'http://[::1]:80',
    'http://[::ffff:127.0.0.1]:8080',
    'http://127.1',
  ])('allows plain HTTP on this machine: %s', (base) => {
    expect(normaliseServiceUrl(base).protocol).toBe('http:');
  });

  it.each([
    ['127.0.0.1:28787', 'http://127.0.0.1:28787/'],
    ['localhost:8787/api', 'http://localhost:8787/api/'],
    ['api.example.com', 'https://api.example.com/'],
    ['api.example.com:8443/api', 'https://api.example.com:8443/api/'],
  ])('completes %s typed without a scheme to %s', (typed, completed) => {
    expect(normaliseServiceUrl(typed).href).toBe(completed);
  });

  it.each([
    ['http://api.example.com', /must use HTTPS/],
    ['http://10.0.0.5:8080', /must use HTTPS/],
    ['http://127.0.0.1.example.com', /must use HTTPS/],
    // A name under .localhost is looked up in DNS by Node: whoever answers would get the token.
    [
      'http://evil.localhost:8080',
      /must use HTTPS: evil\.localhost:8080 is not localhost or a loopback address/,
    ],
    ['http://localhost.:8080', /must use HTTPS/],
    ['http://[::2]', /must use HTTPS/],
    ['ftp://api.example.com', /must start with https/],
    ['not a url at all', /not a valid URL/],
    ['https://user:secret@api.example.com', /user name or password/],
    ['https://ghp_abc123@api.example.com', /user name or password/],
    ['https://:secret@api.example.com', /user name or password/],
    ['https://api.example.com/?key=1', /query/],
  ])('refuses %s with a clear reason', (base, reason) => {
    let thrown: unknown;
    try {
      normaliseServiceUrl(base);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProxyServiceError);
    expect((thrown as ProxyServiceError).kind).toBe('invalid_input');
    expect((thrown as ProxyServiceError).message).toMatch(reason);
  });

  it('quotes at most 200 characters of an address it cannot read', () => {
    const typed = `not a url ${'x'.repeat(300)}`;
    let thrown: unknown;
    try {
      normaliseServiceUrl(typed);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as ProxyServiceError).message).toBe(
      `"${typed.slice(0, 200)}" is not a valid URL. Enter an address like https://proxy.example.com/api.`,
    );
  });

  it('keeps an endpoint written with several leading slashes under the base path', () => {
    const base = normaliseServiceUrl('https://api.example.com/api');
    expect(endpointUrl(base, '//users/me')).toBe('https://api.example.com/api/users/me');
  });

  it.each(['localhost', '127.0.0.9', '[::1]', 'evil.localhost', 'localhost.', '10.0.0.1'])(
    'agrees with the IP echo URL on plain HTTP to %s (one rule for both)',
    (host) => {
      const serviceAllowed = (() => {
        try {
          normaliseServiceUrl(`http://${host}:8080/api`);
          return true;
        } catch {
          return false;
        }
      })();
      expect(serviceAllowed).toBe(echoUrlProblem(`http://${host}:8080/ip`) === undefined);
    },
  );
});
