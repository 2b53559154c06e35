import { describe, expect, it } from 'vitest';
import { describeCopy } from '../../../src/main/copy/copy-description';
import { COPY_FIELDS } from '../../../src/shared/credentials/copy-fields';
import { COPY_FORMATS } from '../../../src/shared/credentials/copy-formats';

const labelled = { ip: '203.0.113.7', port: 8080, label: 'DE-1' };
const unlabelled = { ip: '203.0.113.7', port: 8080, label: null };

describe('what a copy says it copied', () => {
  it('names the format as the menu does, and the proxy by its label', () => {
    expect(describeCopy({ format: 'socks5-url' }, labelled)).toBe(
      'SOCKS5 proxy URL of DE-1 copied',
    );
    for (const format of COPY_FORMATS) {
      expect(describeCopy({ format: format.id }, labelled)).toBe(`${format.label} of DE-1 copied`);
    }
  });

  it('names a field, and an unlabelled proxy by host:port (an IPv6 host bracketed)', () => {
    expect(describeCopy({ field: 'password' }, unlabelled)).toBe(
      'Password of 203.0.113.7:8080 copied',
    );
    expect(describeCopy({ field: 'host' }, { ...unlabelled, ip: '2001:db8::5' })).toBe(
      'Host of [2001:db8::5]:8080 copied',
    );
    expect(COPY_FIELDS.map((field) => describeCopy({ field: field.id }, labelled))).toEqual([
      'Host of DE-1 copied',
      'Port of DE-1 copied',
      'Username of DE-1 copied',
      'Password of DE-1 copied',
    ]);
  });

  it('takes a blank label for none', () => {
    expect(describeCopy({ field: 'port' }, { ...labelled, label: '   ' })).toBe(
      'Port of 203.0.113.7:8080 copied',
    );
  });

  it('names an assigned host it pasted instead of the entry address the row shows', () => {
    const ipv6 = { choice: 'ipv6', address: '2001:db8::5' } as const;
    expect(describeCopy({ format: 'http-url' }, labelled, ipv6)).toBe(
      'HTTP proxy URL of DE-1 copied with its assigned IPv6 2001:db8::5',
    );
    expect(
      describeCopy({ field: 'host' }, unlabelled, { choice: 'ipv4', address: '198.51.100.9' }),
    ).toBe('Host of 203.0.113.7:8080 copied with its assigned IPv4 198.51.100.9');
    // Nothing to say for the entry address, nor for a field that holds no host.
    expect(
      describeCopy({ format: 'http-url' }, labelled, { choice: 'entry', address: '203.0.113.7' }),
    ).toBe('HTTP proxy URL of DE-1 copied');
    expect(describeCopy({ field: 'password' }, labelled, ipv6)).toBe('Password of DE-1 copied');
  });
});
