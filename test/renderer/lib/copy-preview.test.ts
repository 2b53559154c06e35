import { describe, expect, it } from 'vitest';
import {
  MASKED_PASSWORD,
  fieldPreview,
  formatPreview,
} from '../../../src/renderer/src/lib/copy-preview';
import {
  COPY_FORMATS,
  DEFAULT_CUSTOM_TEMPLATE,
} from '../../../src/shared/credentials/copy-formats';
import { formatCredentials } from '../../../src/shared/credentials/format-credentials';
import { HOST_CHOICE_IDS } from '../../../src/shared/credentials/host-choices';
import { proxyView } from './view-fixtures';

/** What each format looks like for each kind of entry host, the password masked. */
const EXPECTED: Record<string, Record<string, string>> = {
  ipv4: {
    'ip-port-user-pass': '203.0.113.7:8080:alice:••••••',
    'user-pass-at-ip-port': 'alice:••••••@203.0.113.7:8080',
    'http-url': 'http://alice:••••••@203.0.113.7:8080',
    'socks5-url': 'socks5://alice:••••••@203.0.113.7:8080',
    curl: "curl -x 'http://alice:••••••@203.0.113.7:8080' https://api.ipify.org",
    custom: '203.0.113.7:8080:alice:••••••',
  },
  ipv6: {
    'ip-port-user-pass': '[2001:db8::5]:8080:alice:••••••',
    'user-pass-at-ip-port': 'alice:••••••@[2001:db8::5]:8080',
    'http-url': 'http://alice:••••••@[2001:db8::5]:8080',
    'socks5-url': 'socks5://alice:••••••@[2001:db8::5]:8080',
    curl: "curl -x 'http://alice:••••••@[2001:db8::5]:8080' https://api.ipify.org",
    custom: '[2001:db8::5]:8080:alice:••••••',
  },
  hostName: {
    'ip-port-user-pass': 'gate.example.com:8080:alice:••••••',
    'user-pass-at-ip-port': 'alice:••••••@gate.example.com:8080',
    'http-url': 'http://alice:••••••@gate.example.com:8080',
    'socks5-url': 'socks5://alice:••••••@gate.example.com:8080',
    curl: "curl -x 'http://alice:••••••@gate.example.com:8080' https://api.ipify.org",
    custom: 'gate.example.com:8080:alice:••••••',
  },
};
const ENTRY_HOSTS = { ipv4: '203.0.113.7', ipv6: '2001:db8::5', hostName: 'gate.example.com' };

const rows = Object.entries(ENTRY_HOSTS).flatMap(([kind, ip]) =>
  COPY_FORMATS.map((format) => ({ kind, ip, format: format.id })),
);

describe('the copy menu’s previews', () => {
  it.each(rows)('$format with a $kind entry: the row’s own values, password masked', (row) => {
    const proxy = proxyView(1, { ip: row.ip, port: 8080, username: 'alice' });
    expect(formatPreview(proxy, row.format, 'entry', DEFAULT_CUSTOM_TEMPLATE)).toBe(
      EXPECTED[row.kind]?.[row.format],
    );
  });

  it('is the copied line itself with only the password masked, for every host choice', () => {
    // A password the URL forms encode: the mask stands where its encoded form would be.
    const password = 'p@ss:w/rd';
    for (const hostChoice of HOST_CHOICE_IDS) {
      for (const { id: format } of COPY_FORMATS) {
        const proxy = proxyView(3, { ip: '2001:db8::9', port: 3128, username: 'bob' });
        const copied = formatCredentials(
          { ...proxy, password },
          { format, hostChoice, template: DEFAULT_CUSTOM_TEMPLATE },
        );
        const masked = copied
          .replace(password, MASKED_PASSWORD)
          .replace('p%40ss%3Aw%2Frd', MASKED_PASSWORD);
        expect(formatPreview(proxy, format, hostChoice, DEFAULT_CUSTOM_TEMPLATE)).toBe(masked);
      }
    }
  });

  it('follows the host choice: assigned IPv4 and IPv6 bracketed before a port', () => {
    const proxy = proxyView(2, { ip: 'gate.example.com', port: 8080, username: 'alice' });
    expect(formatPreview(proxy, 'http-url', 'ipv4', undefined)).toBe(
      'http://alice:••••••@198.51.100.1:8080',
    );
    expect(formatPreview(proxy, 'ip-port-user-pass', 'ipv6', undefined)).toBe(
      '[2001:db8::1]:8080:alice:••••••',
    );
  });

  it('shows a custom template that does not validate as written', () => {
    const proxy = proxyView(2);
    expect(formatPreview(proxy, 'custom', 'entry', '{nope}')).toBe('{nope}');
    expect(formatPreview(proxy, 'custom', 'entry', '{username} / {password}')).toBe(
      'user2 / ••••••',
    );
  });

  it('shows single fields: the host unbracketed, the password masked', () => {
    const proxy = proxyView(4, { ip: '2001:db8::5', port: 1080, username: 'carol' });
    expect(fieldPreview(proxy, 'host', 'entry')).toBe('2001:db8::5');
    expect(fieldPreview(proxy, 'host', 'ipv4')).toBe('198.51.100.1');
    expect(fieldPreview(proxy, 'port', 'entry')).toBe('1080');
    expect(fieldPreview(proxy, 'username', 'entry')).toBe('carol');
    expect(fieldPreview(proxy, 'password', 'entry')).toBe(MASKED_PASSWORD);
  });
});
