import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv';

/** The export tests lean on this reader: it must read RFC 4180 and refuse what is not. */
describe('parseCsv (test support)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and empty fields', () => {
    expect(parseCsv('a,"b,c","d""e","f\r\ng",\r\n,x\r\n')).toEqual([
      ['a', 'b,c', 'd"e', 'f\r\ng', ''],
      ['', 'x'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it.each([
    ['a quote inside an unquoted field', 'a"b\r\n'],
    ['text after a closing quote', '"a"b\r\n'],
    ['an unclosed quote', '"a\r\n'],
    ['a bare line feed', 'a\nb\r\n'],
    ['a bare carriage return', 'a\rb\r\n'],
    ['a last row without CRLF', 'a,b'],
  ])('refuses %s', (_, text) => {
    expect(() => parseCsv(text)).toThrow();
  });
});
