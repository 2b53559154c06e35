import { describe, expect, it } from 'vitest';
import { maskSecrets, redactSecrets } from '../../../src/main/api/redact';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2lnbmF0dXJlLWJ5dGVz';
/** An access token as a provider that does not use JWTs stores it: no shape to recognise. */
const OPAQUE_TOKEN = 'pt_live_7Gx2QmV9rT4kLw8ZsY1nB6cD3fH5jK0p';

const redact = (text: string, secrets: string[] = []) => redactSecrets(text, secrets);

describe('redactSecrets', () => {
  it('masks a JWT anywhere, and an opaque token only when it is named', () => {
    expect(redact(`refused ${JWT} at 10:00`)).toBe('refused [redacted] at 10:00');
    // Glued to what comes before it: an escaped line break, a query's escaped quote.
    expect(redact(`invalid token\\n${JWT}`)).toBe('invalid token\\n[redacted]');
    expect(redact(`?q=%7B%22t%22%3A%22${JWT}%22`)).toBe('?q=%7B%22t%22%3A%22[redacted]%22');
    expect(redact(`a.${JWT}`)).toBe('a.[redacted]');
    expect(redact(`echo: ${OPAQUE_TOKEN}`)).toContain(OPAQUE_TOKEN);
    expect(redact(`echo: ${OPAQUE_TOKEN}; again ${OPAQUE_TOKEN}`, [OPAQUE_TOKEN])).toBe(
      'echo: [redacted]; again [redacted]',
    );
    expect(maskSecrets(`x${OPAQUE_TOKEN}x`, new Set([OPAQUE_TOKEN, '']))).toBe('x[redacted]x');
  });

  it.each([
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['authorization: Basic dXNlcjpzM2NyZXQ=', 'authorization: Basic [redacted]'],
    ['{"Authorization":"Bearer opaque123"}', '{"Authorization":"Bearer [redacted]"}'],
    ["headers: { authorization: 'Token abc' }", "headers: { authorization: 'Token [redacted]' }"],
    [
      'Proxy-Authorization: Basic dXNlcjpwYXNz\r\nHost: x',
      'Proxy-Authorization: Basic [redacted]\r\nHost: x',
    ],
    ['sent Bearer opaque123 twice', 'sent Bearer [redacted] twice'],
    // However the spaces fall: a scheme-less JSON field, spaces around `=` or none at all, two
    // spaces after the scheme (a naive `\s` would mask the scheme and leave the token).
    ['{"authorization":"dXNlcjpzM2NyZXQ="}', '{"authorization":"[redacted]"}'],
    ['authorization = opaque123', 'authorization = [redacted]'],
    ['?authorization=opaque123&x=1', '?authorization=[redacted]&x=1'],
    ['Authorization: Bearer  opaque123', 'Authorization: Bearer  [redacted]'],
    ['sent Bearer  opaque123 twice', 'sent Bearer  [redacted] twice'],
  ])('masks Authorization credentials, keeping the scheme: %s', (text, clean) => {
    expect(redact(text)).toBe(clean);
  });

  it.each([
    ['password=hunter2&user=bob', 'password=[redacted]&user=bob'],
    [
      '{"password": "two words", "username": "bob"}',
      '{"password": "[redacted]", "username": "bob"}',
    ],
    [
      "{ accessToken: 'abc', api_key: 'k1' }",
      "{ accessToken: '[redacted]', api_key: '[redacted]' }",
    ],
    ['client_secret=s&token=t', 'client_secret=[redacted]&token=[redacted]'],
    ['PROXY_PASSWORD: s3cret', 'PROXY_PASSWORD: [redacted]'],
    ['apikey=k1&api-key=k2', 'apikey=[redacted]&api-key=[redacted]'],
    // A JSON string's escaped quote does not end it; a text cut before the closing quote still
    // hides what follows the opening one.
    ['{"password": "a\\"b", "user": "bob"}', '{"password": "[redacted]", "user": "bob"}'],
    ['config error: password: "hunter2', 'config error: password: "[redacted]"'],
    ["token='abc", "token='[redacted]'"],
    ['password="ends in \\', 'password="[redacted]"'],
    ["{'password': 'a\\'b', 'user': 'bob'}", "{'password': '[redacted]', 'user': 'bob'}"],
    ["token='ends in \\", "token='[redacted]'"],
  ])('masks fields named like secrets: %s', (text, clean) => {
    expect(redact(text)).toBe(clean);
  });

  it.each([
    ['http://alice:s3cret@203.0.113.7:8080/x', 'http://alice:[redacted]@203.0.113.7:8080/x'],
    ['socks5://alice:s3cret@[2001:db8::1]:1080', 'socks5://alice:[redacted]@[2001:db8::1]:1080'],
    [
      "curl -x 'http://alice:s3cret@proxy.example.com:8080' https://api.ipify.org",
      "curl -x 'http://alice:[redacted]@proxy.example.com:8080' https://api.ipify.org",
    ],
    ['alice:s3cret@203.0.113.7:8080', 'alice:[redacted]@203.0.113.7:8080'],
    [
      'proxy (alice:s3cret@203.0.113.7:8080) failed',
      'proxy (alice:[redacted]@203.0.113.7:8080) failed',
    ],
    ['203.0.113.7:8080:alice:s3cret', '203.0.113.7:8080:alice:[redacted]'],
    ['proxy.example.com:8080:alice:s3cret', 'proxy.example.com:8080:alice:[redacted]'],
    ['[2001:db8::1]:8080:alice:s3cret', '[2001:db8::1]:8080:alice:[redacted]'],
    // In the middle of a line, with one-digit and three-digit parts, and host names whose labels
    // hold digits: every form a provider's proxy list uses.
    ['via 1.2.3.4:8080:alice:s3cret', 'via 1.2.3.4:8080:alice:[redacted]'],
    ['via 10.0.0.254:8080:alice:s3cret', 'via 10.0.0.254:8080:alice:[redacted]'],
    ['gate2.example.com:8080:alice:s3cret', 'gate2.example.com:8080:alice:[redacted]'],
    ['node.dc1:8080:alice:s3cret', 'node.dc1:8080:alice:[redacted]'],
    ['https://ghp_abc123@git.example.com/x', 'https://[redacted]@git.example.com/x'],
  ])('masks the password of proxy credentials, keeping who and where: %s', (text, clean) => {
    expect(redact(text)).toBe(clean);
  });

  it.each([
    'tokenExpiresAt: 2026-03-01T10:00:00Z',
    'The service no longer accepts the access token for demo: sign in again.',
    '    at file:///work/main/node_modules/@vitest/runner/dist/index.js:10:5',
    '[2026-03-01 10:00:00.123] [error] GET https://api.example.com:8443/v1/plans answered 502',
    'connect ECONNREFUSED 127.0.0.1:8080',
    'fe80::1:8080',
  ])('leaves what holds no secret as it is: %s', (text) => {
    expect(redact(text)).toBe(text);
  });

  it('is idempotent: a redacted line redacted again is the same line', () => {
    const text = `Authorization: Bearer ${JWT} password=x http://a:b@h:1 h.example:1:u:p`;
    const once = redact(text);
    expect(redact(once)).toBe(once);
  });
});

describe('redactSecrets on a hostile megabyte', () => {
  // Each pattern starts a match only at the beginning of a run it reads: one that started again
  // at every character would read these runs a million times over and never finish.
  const megabyte = (unit: string, tail = '') =>
    unit.repeat(Math.floor((1 << 20) / unit.length)) + tail;

  it.each([
    ['a run of name characters', megabyte('x', ' @')],
    ['user:password pairs with no @ after them', megabyte('a:(', ' @')],
    ['words joined by dashes', megabyte('a-')],
    ['JWT-like starts', megabyte('eyJ')],
    ['host-name-like labels', megabyte('a.')],
    ['digits', megabyte('1')],
    ['URL schemes', megabyte('a://')],
  ])('%s passes through unchanged', (_what, text) => {
    expect(redact(text) === text).toBe(true);
  });

  it('a megabyte of JWT-shaped pieces is masked, three segments at a time', () => {
    expect(redact(megabyte('eyJ.'))).toMatch(/^(?:\[redacted\]\.)+(?:eyJ\.)*$/);
  });

  it('a megabyte of user:password pairs before an @ is masked after the first user name', () => {
    expect(redact(megabyte('a:(', '@h'))).toBe('a:[redacted]@h');
  });
});
