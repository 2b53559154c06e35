import { describe, expect, it } from 'vitest';
import { stripBidiControls } from '../../../src/shared/text/bidi-controls';

describe('stripBidiControls', () => {
  it('removes every mark, embedding, override and isolate', () => {
    const controls = [
      '\u061C',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const control of controls) {
      expect(stripBidiControls(`Resi${control}dential`)).toBe('Residential');
    }
    expect(stripBidiControls(controls.join(''))).toBe('');
  });

  it('keeps right-to-left letters, emoji and every other character', () => {
    const text = 'خطة ألمانيا 🇩🇪 — Plan #1 (DE) & co.\u200D';
    expect(stripBidiControls(text)).toBe(text);
  });
});
