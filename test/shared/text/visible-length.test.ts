import { describe, expect, it } from 'vitest';
import { visibleLength } from '../../../src/shared/text/visible-length';

describe('visibleLength', () => {
  it('counts characters as a person sees them', () => {
    expect(visibleLength('')).toBe(0);
    expect(visibleLength('Office Berlin')).toBe(13);
    // A family (7 code points, 11 UTF-16 units), a flag (2 code points), an accented letter.
    expect(visibleLength('👨‍👩‍👧‍👦')).toBe(1);
    expect(visibleLength('🇩🇪')).toBe(1);
    expect(visibleLength('e\u0301')).toBe(1);
    expect(visibleLength('Büro 🇩🇪 👨‍👩‍👧‍👦')).toBe(8);
  });

  it('is not the number of UTF-16 units or of code points', () => {
    const label = '🇩🇪'.repeat(600);
    expect(label.length).toBe(2_400);
    expect([...label].length).toBe(1_200);
    expect(visibleLength(label)).toBe(600);
  });
});
