import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../../src/shared/format/calendar-date';

describe('formatCalendarDate', () => {
  it('writes a day with its short month and year, in the local calendar', () => {
    const text = formatCalendarDate('2027-01-19T12:00:00Z');
    expect(text).toBe(
      new Intl.DateTimeFormat(undefined, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(new Date('2027-01-19T12:00:00Z')),
    );
    expect(text).toContain('2027');
    expect(text).not.toContain('2027-01');
  });

  it('shows text that is not a date as it came', () => {
    expect(formatCalendarDate('soon')).toBe('soon');
  });
});
