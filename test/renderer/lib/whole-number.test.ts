import { describe, expect, it } from 'vitest';
import { parseWholeNumber } from '../../../src/renderer/src/lib/whole-number';

describe('parseWholeNumber', () => {
  it('reads whole numbers, spaces around allowed', () => {
    expect(parseWholeNumber('0')).toBe(0);
    expect(parseWholeNumber(' 30 ')).toBe(30);
  });

  it.each(['', ' ', '1.5', '-1', '1e3', 'ten'])('refuses %j', (text) => {
    expect(parseWholeNumber(text)).toBeNull();
  });
});
