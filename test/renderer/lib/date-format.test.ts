import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../../src/renderer/src/lib/date-format';

describe('date formats', () => {
  const now = new Date(2025, 5, 15, 18, 0).getTime();

  it('gives the time alone for today, and the day too for another day', () => {
    const today = formatMoment(new Date(2025, 5, 15, 9, 5).toISOString(), now);
    const earlier = formatMoment(new Date(2025, 5, 12, 9, 5).toISOString(), now);
    expect(today).toMatch(/09|9/);
    expect(today).not.toMatch(/12/);
    expect(earlier).toMatch(/12/);
    expect(earlier.length).toBeGreaterThan(today.length);
  });

  it('shows an unreadable date as it came', () => {
    expect(formatMoment('not a date', now)).toBe('not a date');
  });
});
