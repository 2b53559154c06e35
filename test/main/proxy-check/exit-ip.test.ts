import { BlockList } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalIp,
  exitIpFromEchoBody,
  exitIpMatch,
} from '../../../src/main/proxy-check/exit-ip';

/** Eight 16-bit groups, the address itself whatever its spelling. */
const ipv6Groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
/** Runs of zeros are what compression is about, so they are drawn often. */
const zeroRichGroups = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), {
  minLength: 8,
  maxLength: 8,
});

/** The longest spelling: every group in four uppercase digits, nothing compressed. */
function longSpelling(groups: number[]): string {
  return groups.map((group) => group.toString(16).toUpperCase().padStart(4, '0')).join(':');
}

/** Node's own judgement of whether two addresses are the same. */
function sameForNode(a: string, b: string): boolean {
  const list = new BlockList();
  list.addAddress(a, 'ipv6');
  return list.check(b, 'ipv6');
}

describe('canonicalIp', () => {
  it.each([
    ['2001:0db8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['::', '::'],
    ['1:0:0:1:0:0:0:1', '1:0:0:1::1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:c000:0201', '192.0.2.1'],
    ['203.0.113.7', '203.0.113.7'],
    // An IPv4-compatible (not mapped) address stays IPv6.
    ['::192.0.2.1', '::c000:201'],
  ])('%s → %s', (text, canonical) => {
    expect(canonicalIp(text)).toBe(canonical);
  });

  it.each(['', 'localhost', '1.2.3', '01.2.3.4', 'fe80::1%eth0', '[::1]', '1:2:3:4:5:6:7:8:9'])(
    'rejects %j',
    (text) => {
      expect(canonicalIp(text)).toBeNull();
    },
  );

  it('gives every spelling of an IPv6 address the same form', () => {
    fc.assert(
      fc.property(zeroRichGroups, (groups) => {
        const canonical = canonicalIp(longSpelling(groups));
        expect(canonical).not.toBeNull();
        expect(canonicalIp(groups.map((group) => group.toString(16)).join(':'))).toBe(canonical);
        expect(canonicalIp(canonical ?? '')).toBe(canonical);
      }),
    );
  });

  it('calls two IPv6 addresses equal exactly when Node does', () => {
    fc.assert(
      fc.property(ipv6Groups, zeroRichGroups, fc.boolean(), (a, other, same) => {
        const b = same ? a : other;
        const spelledA = longSpelling(a);
        const spelledB = b.map((group) => group.toString(16)).join(':');
        expect(canonicalIp(spelledA) === canonicalIp(spelledB)).toBe(
          sameForNode(spelledA, spelledB),
        );
      }),
    );
  });

  it('keeps IPv4 addresses as they are, and unwraps them from IPv4-mapped IPv6', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(canonicalIp(ip)).toBe(ip);
        expect(canonicalIp(`::ffff:${ip}`)).toBe(ip);
      }),
    );
  });
});

describe('exitIpFromEchoBody', () => {
  const anyIp = fc.oneof(fc.ipV4(), fc.ipV6());

  it('reads a bare address, JSON `ip` and httpbin `origin`', () => {
    fc.assert(
      fc.property(anyIp, fc.ipV4(), (ip, hop) => {
        const expected = canonicalIp(ip);
        expect(exitIpFromEchoBody(`${ip}\n`)).toBe(expected);
        expect(exitIpFromEchoBody(`  ${ip}  `)).toBe(expected);
        expect(exitIpFromEchoBody(JSON.stringify({ ip, country: 'NL' }))).toBe(expected);
        expect(exitIpFromEchoBody(JSON.stringify({ origin: `${ip}, ${hop}` }))).toBe(expected);
        expect(exitIpFromEchoBody(JSON.stringify({ origin: ip }))).toBe(expected);
      }),
    );
  });

  it('prefers `ip` over `origin`', () => {
    expect(exitIpFromEchoBody('{"ip":"192.0.2.1","origin":"192.0.2.2"}')).toBe('192.0.2.1');
  });

  it.each([
    '',
    '<html>192.0.2.1</html>',
    '192.0.2.1 192.0.2.2',
    '{"ip": 3232235777}',
    '{"address": "192.0.2.1"}',
    '{"ip": "not an address"}',
    '{broken json',
    '{"origin": ""}',
    'null',
    '[]',
  ])('finds no address in %j', (body) => {
    expect(exitIpFromEchoBody(body)).toBeNull();
  });

  it('finds no address in a JSON body that is not an object', () => {
    expect(exitIpFromEchoBody('{"ip"}')).toBeNull();
    expect(exitIpFromEchoBody(JSON.stringify('192.0.2.1'))).toBeNull();
  });
});

describe('exitIpMatch', () => {
  const assigned = { ipv4: '192.0.2.1', ipv6: '2001:db8::1' };

  it.each([
    ['192.0.2.1', 'ipv4'],
    ['::ffff:192.0.2.1', 'ipv4'],
    ['2001:db8::1', 'ipv6'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', 'ipv6'],
    ['192.0.2.2', 'none'],
    ['2001:db8::2', 'none'],
    ['garbage', 'none'],
  ] as const)('%s → %s', (exitIp, match) => {
    expect(exitIpMatch(exitIp, assigned)).toBe(match);
  });

  it('skips an assigned address the service did not name, and says when there is none', () => {
    expect(exitIpMatch('192.0.2.1', { ipv4: '192.0.2.1', ipv6: null })).toBe('ipv4');
    expect(exitIpMatch('2001:db8::1', { ipv4: null, ipv6: '2001:db8::1' })).toBe('ipv6');
    expect(exitIpMatch('192.0.2.9', { ipv4: '192.0.2.1', ipv6: null })).toBe('none');
    expect(exitIpMatch('192.0.2.9', { ipv4: null, ipv6: null })).toBe('unassigned');
  });

  it('compares assigned addresses in any spelling too', () => {
    expect(exitIpMatch('2001:db8::1', { ipv4: '', ipv6: '2001:db8:0:0:0:0:0:1' })).toBe('ipv6');
  });

  it('matches an IPv6 address with every spelling of itself', () => {
    fc.assert(
      fc.property(ipv6Groups, (groups) => {
        const short = canonicalIp(longSpelling(groups)) ?? '';
        const match = exitIpMatch(short, { ipv4: '192.0.2.1', ipv6: longSpelling(groups) });
        // An IPv4-mapped address is the IPv4 address; it still matches its own assigned spelling.
        expect(match === 'ipv6' || short === '192.0.2.1').toBe(true);
      }),
    );
  });
});
