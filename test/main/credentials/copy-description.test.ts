import { describe, expect, it } from 'vitest';
import { describeCopy } from '../../../src/main/credentials/copy-description';
import { COPY_FIELDS, type CopyField } from '../../../src/shared/credentials/copy-fields';
import { COPY_FORMATS, type CopyFormat } from '../../../src/shared/credentials/copy-formats';

const labelled = { ip: '203.0.113.7', port: 8080, username: 'dana_p1', label: 'DE-1' };
const unlabelled = { ip: '203.0.113.7', port: 8080, username: 'dana_p1', label: null };
const NONE_SHARED: ReadonlySet<string> = new Set();
/** Its plan's other proxies use 203.0.113.7:8080 too: a gateway. */
const GATEWAY = new Set(['203.0.113.7:8080']);

describe('what a copy says it copied', () => {
  it('names the format as the menu does, and the proxy by its label', () => {
    expect(describeCopy({ format: 'socks5-url' }, labelled, NONE_SHARED)).toBe(
      'SOCKS5 proxy URL of DE-1 copied',
    );
    for (const format of COPY_FORMATS) {
      expect(describeCopy({ format: format.id }, labelled, NONE_SHARED)).toBe(
        `${format.label} of DE-1 copied`,
      );
    }
  });

  it('names a field, and an unlabelled proxy by host:port (an IPv6 host bracketed)', () => {
    expect(describeCopy({ field: 'password' }, unlabelled, NONE_SHARED)).toBe(
      'Password of 203.0.113.7:8080 copied',
    );
    expect(describeCopy({ field: 'host' }, { ...unlabelled, ip: '2001:db8::5' }, NONE_SHARED)).toBe(
      'Host of [2001:db8::5]:8080 copied',
    );
    expect(
      COPY_FIELDS.map((field) => describeCopy({ field: field.id }, labelled, NONE_SHARED)),
    ).toEqual([
      'Host of DE-1 copied',
      'Port of DE-1 copied',
      'Username of DE-1 copied',
      'Password of DE-1 copied',
    ]);
  });

  it('names a gateway’s proxy (its host:port shared in its plan) as its row does', () => {
    expect(describeCopy({ field: 'password' }, unlabelled, GATEWAY)).toBe(
      'Password of dana_p1 @ 203.0.113.7:8080 copied',
    );
    expect(describeCopy({ format: 'socks5-url' }, labelled, GATEWAY)).toBe(
      'SOCKS5 proxy URL of DE-1 copied',
    );
  });

  it('takes a blank label for none', () => {
    expect(describeCopy({ field: 'port' }, { ...labelled, label: '   ' }, NONE_SHARED)).toBe(
      'Port of 203.0.113.7:8080 copied',
    );
  });

  it('names an assigned host it pasted instead of the entry address the row shows', () => {
    const ipv6 = { choice: 'ipv6', address: '2001:db8::5' } as const;
    expect(describeCopy({ format: 'http-url' }, labelled, NONE_SHARED, ipv6)).toBe(
      'HTTP proxy URL of DE-1 copied with its assigned IPv6 2001:db8::5',
    );
    expect(
      describeCopy({ field: 'host' }, unlabelled, NONE_SHARED, {
        choice: 'ipv4',
        address: '198.51.100.9',
      }),
    ).toBe('Host of 203.0.113.7:8080 copied with its assigned IPv4 198.51.100.9');
    // Nothing to say for the entry address, nor for a field that holds no host.
    expect(
      describeCopy({ format: 'http-url' }, labelled, NONE_SHARED, {
        choice: 'entry',
        address: '203.0.113.7',
      }),
    ).toBe('HTTP proxy URL of DE-1 copied');
    expect(describeCopy({ field: 'password' }, labelled, NONE_SHARED, ipv6)).toBe(
      'Password of DE-1 copied',
    );
  });

  it('says "Credentials" for a format or field this version has no name for, rather than failing', () => {
    // A copy already made must still be confirmed, whatever id reached here.
    expect(describeCopy({ format: 'yaml' as CopyFormat }, labelled, NONE_SHARED)).toBe(
      'Credentials of DE-1 copied',
    );
    expect(describeCopy({ field: 'token' as CopyField }, labelled, NONE_SHARED)).toBe(
      'Credentials of DE-1 copied',
    );
  });
});
