import { describe, expect, it } from 'vitest';
import { completeServiceUrl } from '../../../src/shared/net/service-url-completion';

describe('completing a service URL typed without a scheme', () => {
  it.each([
    ['127.0.0.1:28787', 'http://127.0.0.1:28787'],
    ['localhost:8080/api', 'http://localhost:8080/api'],
    ['[::1]:9000', 'http://[::1]:9000'],
    ['  127.0.0.1:28787  ', 'http://127.0.0.1:28787'],
  ])('adds http:// for this computer: %s', (typed, completed) => {
    expect(completeServiceUrl(typed)).toBe(completed);
  });

  it.each([
    ['api.example.com', 'https://api.example.com'],
    ['proxy.example.com:8443/api/', 'https://proxy.example.com:8443/api/'],
    // Named like this computer, but sent to DNS: never plain HTTP.
    ['evil.localhost:80', 'https://evil.localhost:80'],
    ['10.0.0.5:28787', 'https://10.0.0.5:28787'],
    // A scheme only at the start: one further on is part of the path.
    ['api.example.com/go?to=http://x', 'https://api.example.com/go?to=http://x'],
  ])('adds https:// for any other host: %s', (typed, completed) => {
    expect(completeServiceUrl(typed)).toBe(completed);
  });

  it.each([
    'https://api.example.com',
    'http://10.0.0.5',
    'HTTP://127.0.0.1:1',
    'ftp://x.example',
    'socks5://127.0.0.1:1080',
  ])('leaves a URL that has a scheme as typed: %s', (typed) => {
    expect(completeServiceUrl(typed)).toBe(typed);
  });

  it.each(['', '   ', 'not a url at all'])('leaves what is no address as typed: %j', (typed) => {
    expect(completeServiceUrl(typed)).toBe(typed.trim());
  });
});
