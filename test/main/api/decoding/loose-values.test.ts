import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAbsent,
  readBoolean,
  readHost,
  readInteger,
  readIntegerIn,
  readIPv4,
  readIPv6,
  readText,
} from '../../../../src/main/api/decoding/loose-values';

describe('readInteger', () => {
  it.each([
    [8080, 8080],
    [-3, -3],
    [0, 0],
    [-0, 0],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    ['8080', 8080],
    ['-3', -3],
    ['0', 0],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %j', (value, expected) => {
    expect(Object.is(readInteger(value), expected)).toBe(true);
  });

  it.each([
    '08080',
    '8080.0',
    ' 8080',
    '8080 ',
    '+8080',
    '-0',
    '00',
    '1e3',
    '0x1F',
    '8 080',
    '',
    '9007199254740992',
    8080.5,
    Number.MAX_SAFE_INTEGER + 1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    false,
    null,
    undefined,
    [8080],
    { port: 8080 },
  ])('does not read %j', (value) => {
    expect(readInteger(value)).toBeUndefined();
  });

  it('reads a number and its canonical decimal text alike, and only the canonical text', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (number) => {
        expect(readInteger(number)).toBe(number);
        expect(readInteger(String(number))).toBe(number);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[-+ 0]?\d{1,17}(\.0)?$/)), (text) => {
        const number = readInteger(text);
        if (number !== undefined) expect(String(number)).toBe(text);
      }),
    );
  });
});

describe('readIntegerIn', () => {
  it.each([
    ['1', 1, 65_535, 1],
    [65_535, 1, 65_535, 65_535],
    ['65535', 1, 65_535, 65_535],
    [0, 1, 65_535, undefined],
    ['65536', 1, 65_535, undefined],
    [-1, 0, 10, undefined],
    ['0', 0, 10, 0],
  ])('reads %j within [%d, %d] as %j', (value, min, max, expected) => {
    expect(readIntegerIn(value, min, max)).toBe(expected);
  });
});

describe('readBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['False', false],
    ['yes', undefined],
    ['no', undefined],
    ['1', undefined],
    ['0', undefined],
    [' true', undefined],
    [2, undefined],
    [-1, undefined],
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    [[true], undefined],
  ])('reads %j as %j', (value, expected) => {
    expect(readBoolean(value)).toBe(expected);
  });
});

describe('readHost', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    [' 10.0.0.1 ', '10.0.0.1'],
    ['2001:db8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.4'],
    ['gate.example.com', 'gate.example.com'],
    ['Gate.Example.COM', 'gate.example.com'],
    ['localhost', 'localhost'],
    ['proxy-1.eu.example.net', 'proxy-1.eu.example.net'],
  ])('reads %j as %j', (value, expected) => {
    expect(readHost(value)).toBe(expected);
  });

  it.each([
    'http://x',
    'http://1.2.3.4',
    'a b',
    '',
    '   ',
    '999.1.1.1',
    '1.2.3',
    '1.2.3.04',
    '[1.2.3.4]',
    '[gate.example.com]',
    '[::1',
    '2001:db8::1]',
    'gate..example.com',
    '-gate.example.com',
    'gate_1.example.com',
    '1.2.3.4:8080',
    'fe80::1%eth0',
    'a'.repeat(64),
    16_909_060,
    null,
    ['1.2.3.4'],
  ])('does not read %j', (value) => {
    expect(readHost(value)).toBeUndefined();
  });
});

describe('readIPv4 and readIPv6', () => {
  it.each([
    [readIPv4, '1.2.3.4', '1.2.3.4'],
    [readIPv4, ' 1.2.3.4 ', '1.2.3.4'],
    [readIPv4, '2001:db8::1', undefined],
    [readIPv4, '256.1.1.1', undefined],
    [readIPv4, 'gate.example.com', undefined],
    [readIPv4, 16_909_060, undefined],
    [readIPv6, '2001:db8::1', '2001:db8::1'],
    [readIPv6, '::', '::'],
    [readIPv6, ' 2001:db8::1 ', '2001:db8::1'],
    [readIPv6, '1.2.3.4', undefined],
    [readIPv6, '[2001:db8::1]', undefined],
    [readIPv6, '2001:db8::1::2', undefined],
    [readIPv6, 'garbage', undefined],
    [readIPv6, 536_939_960, undefined],
  ])('%o reads %j as %j', (read, value, expected) => {
    expect(read(value)).toBe(expected);
  });
});

describe('readText and isAbsent', () => {
  it.each([
    ['p@ss word ', 'p@ss word '],
    ['', undefined],
    [0, undefined],
    [12_345, undefined],
    [null, undefined],
    [true, undefined],
    [['x'], undefined],
  ])('readText(%j) is %j', (value, expected) => {
    expect(readText(value)).toBe(expected);
  });

  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [' ', false],
    [0, false],
    [false, false],
    [[], false],
  ])('isAbsent(%j) is %j', (value, expected) => {
    expect(isAbsent(value)).toBe(expected);
  });
});
