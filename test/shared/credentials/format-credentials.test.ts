import { describe, expect, it } from 'vitest';
import {
  COPY_FORMATS,
  DEFAULT_CUSTOM_TEMPLATE,
  copyFormatSchema,
  formatCredentials,
  HOST_CHOICES,
  hostChoiceSchema,
  TemplateError,
  type CopyFormat,
} from '../../../src/shared/credentials';
import { awkwardProxy, sampleProxy } from './samples';

const entry = (format: CopyFormat, proxy = sampleProxy) =>
  formatCredentials(proxy, { format, hostChoice: 'entry' });

describe('formatCredentials with the entry address', () => {
  it.each([
    ['ip-port-user-pass', '203.0.113.7:8080:alice:s3cret'],
    ['user-pass-at-ip-port', 'alice:s3cret@203.0.113.7:8080'],
    ['http-url', 'http://alice:s3cret@203.0.113.7:8080'],
    ['socks5-url', 'socks5://alice:s3cret@203.0.113.7:8080'],
    ['curl', "curl -x 'http://alice:s3cret@203.0.113.7:8080' https://api.ipify.org"],
  ] as const)('%s', (format, expected) => {
    expect(entry(format)).toBe(expected);
  });

  it('copies the username and password raw in the plain forms', () => {
    expect(entry('ip-port-user-pass', awkwardProxy)).toBe(
      "203.0.113.7:8080:us er@x:p@ss:0/x'$!#?&+=[]%é😀",
    );
    expect(entry('user-pass-at-ip-port', awkwardProxy)).toBe(
      "us er@x:p@ss:0/x'$!#?&+=[]%é😀@203.0.113.7:8080",
    );
  });

  it('percent-encodes every character but A-Z a-z 0-9 - _ . ~ in the URL forms', () => {
    const encodedUser = 'us%20er%40x';
    const encodedPassword = 'p%40ss%3A0%2Fx%27%24%21%23%3F%26%2B%3D%5B%5D%25%C3%A9%F0%9F%98%80';
    expect(entry('http-url', awkwardProxy)).toBe(
      `http://${encodedUser}:${encodedPassword}@203.0.113.7:8080`,
    );
    expect(entry('socks5-url', awkwardProxy)).toBe(
      `socks5://${encodedUser}:${encodedPassword}@203.0.113.7:8080`,
    );
    expect(entry('curl', awkwardProxy)).toBe(
      `curl -x 'http://${encodedUser}:${encodedPassword}@203.0.113.7:8080' https://api.ipify.org`,
    );
  });

  it('leaves unreserved characters alone in URLs', () => {
    const proxy = { ...sampleProxy, username: 'A-z_0.9~', password: 'Zz-_.~' };
    expect(entry('http-url', proxy)).toBe('http://A-z_0.9~:Zz-_.~@203.0.113.7:8080');
  });

  it('keeps empty usernames and passwords as empty parts', () => {
    const proxy = { ...sampleProxy, username: '', password: '' };
    expect(entry('ip-port-user-pass', proxy)).toBe('203.0.113.7:8080::');
    expect(entry('http-url', proxy)).toBe('http://:@203.0.113.7:8080');
  });

  it('writes a lone surrogate, which has no UTF-8 form, as U+FFFD in URLs instead of throwing', () => {
    const proxy = { ...sampleProxy, password: 'a\uD800b' };
    expect(entry('http-url', proxy)).toBe('http://alice:a%EF%BF%BDb@203.0.113.7:8080');
  });
});

describe('the host choice', () => {
  it('puts the assigned IPv4 address in every format', () => {
    const ipv4 = (format: CopyFormat) =>
      formatCredentials(sampleProxy, { format, hostChoice: 'ipv4' });
    expect(ipv4('ip-port-user-pass')).toBe('198.51.100.23:8080:alice:s3cret');
    expect(ipv4('user-pass-at-ip-port')).toBe('alice:s3cret@198.51.100.23:8080');
    expect(ipv4('http-url')).toBe('http://alice:s3cret@198.51.100.23:8080');
    expect(ipv4('socks5-url')).toBe('socks5://alice:s3cret@198.51.100.23:8080');
    expect(ipv4('curl')).toBe(
      "curl -x 'http://alice:s3cret@198.51.100.23:8080' https://api.ipify.org",
    );
  });

  it('puts the assigned IPv6 address in every format, bracketed where a port follows a host', () => {
    const ipv6 = (format: CopyFormat) =>
      formatCredentials(sampleProxy, { format, hostChoice: 'ipv6' });
    expect(ipv6('ip-port-user-pass')).toBe('[2001:db8::1]:8080:alice:s3cret');
    expect(ipv6('user-pass-at-ip-port')).toBe('alice:s3cret@[2001:db8::1]:8080');
    expect(ipv6('http-url')).toBe('http://alice:s3cret@[2001:db8::1]:8080');
    expect(ipv6('socks5-url')).toBe('socks5://alice:s3cret@[2001:db8::1]:8080');
    expect(ipv6('curl')).toBe(
      "curl -x 'http://alice:s3cret@[2001:db8::1]:8080' https://api.ipify.org",
    );
  });

  it('copies the entry address where the chosen assigned address is unknown', () => {
    const entryOnly = { ...sampleProxy, assigned_proxy_ipv4: null, assigned_proxy_ipv6: null };
    for (const hostChoice of ['ipv4', 'ipv6'] as const) {
      expect(formatCredentials(entryOnly, { format: 'http-url', hostChoice })).toBe(
        'http://alice:s3cret@203.0.113.7:8080',
      );
    }
    expect(
      formatCredentials(entryOnly, {
        format: 'custom',
        hostChoice: 'entry',
        template: '{ipv4}|{ipv6}|{ip}',
      }),
    ).toBe('||203.0.113.7');
  });

  it('joins a host name and an IPv6 entry address with their port in every format', () => {
    const gateway = { ...sampleProxy, ip: 'gate.example.com' };
    expect(formatCredentials(gateway, { format: 'ip-port-user-pass', hostChoice: 'entry' })).toBe(
      'gate.example.com:8080:alice:s3cret',
    );
    const v6 = { ...sampleProxy, ip: '2001:db8::5' };
    expect(formatCredentials(v6, { format: 'socks5-url', hostChoice: 'entry' })).toBe(
      'socks5://alice:s3cret@[2001:db8::5]:8080',
    );
  });

  it('swaps {ip} in templates and leaves {ipv4} and {ipv6} as they are', () => {
    const template = '{ip} {ipv4} {ipv6}';
    const render = (hostChoice: 'entry' | 'ipv4' | 'ipv6') =>
      formatCredentials(sampleProxy, { format: 'custom', hostChoice, template });
    expect(render('entry')).toBe('203.0.113.7 198.51.100.23 2001:db8::1');
    expect(render('ipv4')).toBe('198.51.100.23 198.51.100.23 2001:db8::1');
    expect(render('ipv6')).toBe('2001:db8::1 198.51.100.23 2001:db8::1');
  });

  it('lists every choice once with a label', () => {
    expect(HOST_CHOICES.map((choice) => choice.id)).toEqual(hostChoiceSchema.options);
    for (const choice of HOST_CHOICES) expect(choice.label).not.toBe('');
  });
});

describe('the custom format', () => {
  it('renders the template with raw values', () => {
    expect(
      formatCredentials(awkwardProxy, {
        format: 'custom',
        hostChoice: 'entry',
        template: 'host={ip} port={port} user={username} pass={password}',
      }),
    ).toBe("host=203.0.113.7 port=8080 user=us er@x pass=p@ss:0/x'$!#?&+=[]%é😀");
  });

  it('refuses to render without a template, saying what to do', () => {
    const attempt = () => formatCredentials(sampleProxy, { format: 'custom', hostChoice: 'entry' });
    expect(attempt).toThrow(TemplateError);
    expect(attempt).toThrow('No custom template is set. Write one in Settings');
  });

  it('refuses to render an invalid template, with the validation message', () => {
    expect(() =>
      formatCredentials(sampleProxy, {
        format: 'custom',
        hostChoice: 'entry',
        template: '{host}:{port}',
      }),
    ).toThrow('The template has an unknown placeholder {host}.');
  });
});

describe('COPY_FORMATS', () => {
  it('lists every format once, in the order of the schema', () => {
    expect(COPY_FORMATS.map((format) => format.id)).toEqual(copyFormatSchema.options);
  });

  it("shows examples that are the formats' real output for the sample proxy", () => {
    for (const { id, example, label } of COPY_FORMATS) {
      expect(label).not.toBe('');
      const output =
        id === 'custom'
          ? formatCredentials(sampleProxy, { format: id, hostChoice: 'entry', template: example })
          : entry(id);
      expect(output).toBe(id === 'custom' ? entry('ip-port-user-pass') : example);
    }
  });

  it('rejects unknown format ids', () => {
    expect(copyFormatSchema.safeParse('ftp-url').success).toBe(false);
    expect(copyFormatSchema.safeParse('curl').success).toBe(true);
  });
});

describe('custom templates with an IPv6 host before a port', () => {
  it('brackets {ip}, {ipv6} written as {host}:{port}, as the built-in formats do', () => {
    const ipv6Entry = { ...sampleProxy, ip: '2001:db8::5' };
    const custom = (template: string, hostChoice: 'entry' | 'ipv6' = 'entry') =>
      formatCredentials(ipv6Entry, { format: 'custom', hostChoice, template });
    expect(custom(DEFAULT_CUSTOM_TEMPLATE)).toBe('[2001:db8::5]:8080:alice:s3cret');
    expect(custom(DEFAULT_CUSTOM_TEMPLATE)).toBe(
      formatCredentials(ipv6Entry, { format: 'ip-port-user-pass', hostChoice: 'entry' }),
    );
    expect(custom('{ipv6}:{port}')).toBe('[2001:db8::1]:8080');
    expect(custom('{ipv4}:{port}')).toBe('198.51.100.23:8080');
    // Alone, or followed by anything but `:{port}`, a host stays as the service wrote it.
    expect(custom('{ip} {port}')).toBe('2001:db8::5 8080');
    expect(custom('{ipv6}')).toBe('2001:db8::1');
    expect(custom('{ip}::{port}')).toBe('2001:db8::5::8080');
  });
});
