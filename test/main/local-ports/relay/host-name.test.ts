import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHostName } from '../../../../src/main/local-ports/relay/host-name';

const LABEL_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
const label = fc
  .array(fc.constantFrom(...LABEL_CHARACTERS), { minLength: 1, maxLength: 63 })
  .map((characters) => characters.join(''));
const hostName = fc
  .array(label, { minLength: 1, maxLength: 4 })
  .map((labels) => labels.join('.'))
  .filter((name) => name.length <= 255);

describe('isHostName', () => {
  it.each([
    'example.com',
    'example.com.',
    'my_host.example',
    'xn--bcher-kva.example',
    'a-.example',
    'localhost',
    '127.0.0.1',
    '::1',
    '2001:db8::1',
    `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}`,
  ])('takes %s', (name) => {
    expect(isHostName(name)).toBe(true);
  });

  it.each([
    '',
    'example.com\r\nX-Injected: yes',
    'example.com\n',
    'example.com\0',
    'exa mple.com',
    'example.com:80',
    'user@example.com',
    'example.com/path',
    'a..b',
    '.example.com',
    'example.com..',
    'bücher.example',
    `${'a'.repeat(64)}.example`,
    `${'a.'.repeat(127)}ab`,
  ])('refuses %j', (name) => {
    expect(isHostName(name)).toBe(false);
  });

  it('takes every name of letters, digits, hyphens and underscores in dotted labels', () => {
    fc.assert(fc.property(hostName, (name) => isHostName(name)));
  });

  it('refuses every name with a byte outside that set, wherever it is', () => {
    const outside = fc
      .integer({ min: 0, max: 255 })
      .map((code) => String.fromCharCode(code))
      // A colon is left to the table above: with hex labels it can spell an IPv6 address.
      .filter((character) => !`${LABEL_CHARACTERS}.:`.includes(character));
    fc.assert(
      fc.property(hostName, outside, fc.nat(), (name, character, at) => {
        const position = at % (name.length + 1);
        const spoiled = name.slice(0, position) + character + name.slice(position);
        return !isHostName(spoiled);
      }),
    );
  });
});
