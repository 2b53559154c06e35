import fc from 'fast-check';
import { isIPv4 as nodeIsIPv4, isIPv6 as nodeIsIPv6 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6 } from '../../../src/shared/api/ip-address';

// Node's checks are the reference; the hand-written ones exist only to be fast.
const ipLike = fc.string({
  unit: fc.constantFrom(...'0123456789abcdefABCDEFg:.'.split('')),
  maxLength: 45,
});

describe('isIPv4 and isIPv6 agree with Node', () => {
  it.each([
    '0.0.0.0',
    '255.255.255.255',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '256.1.1.1',
    '1..2.3',
    '',
    ' 1.2.3.4',
    '::',
    '::1',
    '1::',
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7::',
    '::1:2:3:4:5:6:7',
    '::1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:1.2.3.4',
    '::ffff:192.0.2.1',
    '::ffff:192.0.2.256',
    '2001:db8::g',
    '2001:db8:::1',
    '2001:db8::1::2',
    '12345::',
    ':1',
    '1:',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
  ])('%j', (text) => {
    expect([isIPv4(text), isIPv6(text)]).toEqual([nodeIsIPv4(text), nodeIsIPv6(text)]);
  });

  it('on generated addresses and near-addresses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.ipV6(), ipLike), (text) => {
        expect(isIPv4(text)).toBe(nodeIsIPv4(text));
        expect(isIPv6(text)).toBe(nodeIsIPv6(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
