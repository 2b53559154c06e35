import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../../src/renderer/src/lib/highlight-parts';

const marked = (text: string, ...words: string[]) =>
  highlightParts(text, words)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');

describe('highlightParts', () => {
  it('marks every occurrence, case-insensitively, keeping the text’s own case', () => {
    expect(highlightParts('Office Berlin office', ['OFFICE'])).toEqual([
      { text: 'Office', match: true },
      { text: ' Berlin ', match: false },
      { text: 'office', match: true },
    ]);
  });

  it('marks a match at the start, in the middle and at the end', () => {
    expect(marked('de-1.example', 'de')).toBe('[de]-1.example');
    expect(marked('192.0.2.10:8080', '2.1')).toBe('192.0.[2.1]0:8080');
    expect(marked('user-de', 'de')).toBe('user-[de]');
    expect(marked('abc', 'ABC')).toBe('[abc]');
  });

  it('does not overlap matches', () => {
    expect(marked('aaaa', 'aa')).toBe('[aa][aa]');
    expect(marked('aaa', 'aa')).toBe('[aa]a');
  });

  it('gives the whole text unmarked for a blank word or no match, and nothing for no text', () => {
    expect(highlightParts('Berlin', [''])).toEqual([{ text: 'Berlin', match: false }]);
    expect(highlightParts('Berlin', ['  '])).toEqual([{ text: 'Berlin', match: false }]);
    expect(highlightParts('Berlin', ['paris'])).toEqual([{ text: 'Berlin', match: false }]);
    expect(highlightParts('', ['x'])).toEqual([]);
  });

  it('trims the words as the search does', () => {
    expect(marked('Office Berlin', ' berlin ')).toBe('Office [Berlin]');
  });

  it('marks every word of a multi-word search, the longer one where two start at one place', () => {
    expect(marked('Shop EU 3 · 10.0.0.1:8010', 'eu', 'shop', '10')).toBe(
      '[Shop] [EU] 3 · [10].0.0.1:80[10]',
    );
    expect(marked('gateway', 'gate', 'gateway')).toBe('[gateway]');
    expect(marked('Berlin', 'x', 'lin')).toBe('Ber[lin]');
  });

  it('leaves text whose length lower-casing changes unmarked rather than cut wrongly', () => {
    expect(highlightParts('İstanbul', ['stan'])).toEqual([{ text: 'İstanbul', match: false }]);
  });

  it('joined, always gives back the text', () => {
    for (const [text, needle] of [
      ['<img src=x onerror=alert(1)>', 'src'],
      ['a.b.c', '.'],
      ['ÄÖÜ äöü', 'ö'],
    ] as const) {
      expect(
        highlightParts(text, [needle])
          .map((part) => part.text)
          .join(''),
      ).toBe(text);
    }
  });
});
