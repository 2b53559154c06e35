import { describe, expect, it } from 'vitest';
import {
  formatTimestamp,
  TIMESTAMP_FORMS,
} from '../../../tools/reference-service/loose-timestamps';

describe('formatTimestamp', () => {
  it.each([
    ['spec', '2025-03-01T10:00:00Z'],
    ['space-no-zone', '2025-03-01 10:00:00'],
    ['fraction-offset-0000', '2025-03-01T10:00:00.000000+0000'],
    ['offset-east', '2025-03-01T12:00:00+02:00'],
    ['offset-west', '2025-03-01T04:30:00-05:30'],
    ['fraction-z', '2025-03-01T10:00:00.000Z'],
  ] as const)('writes the form %s as %s', (form, expected) => {
    expect(formatTimestamp('2025-03-01T10:00:00Z', form)).toBe(expected);
  });

  it('moves the date too when the offset crosses midnight', () => {
    expect(formatTimestamp('2025-01-01T01:00:00Z', 'offset-west')).toBe(
      '2024-12-31T19:30:00-05:30',
    );
    expect(formatTimestamp('2024-02-28T23:30:00Z', 'offset-east')).toBe(
      '2024-02-29T01:30:00+02:00',
    );
  });

  it.each(TIMESTAMP_FORMS)('keeps milliseconds in the form %s', (form) => {
    const written = formatTimestamp('2025-03-01T10:00:00.250Z', form);
    const zoned = form === 'space-no-zone' ? `${written.replace(' ', 'T')}Z` : written;
    expect(Date.parse(zoned.replace(/(\.\d{3})\d+/, '$1').replace(/\+0000$/, 'Z'))).toBe(
      Date.parse('2025-03-01T10:00:00.250Z'),
    );
  });

  it('sends a stored value that is not a date as it is', () => {
    expect(formatTimestamp('soon', 'offset-east')).toBe('soon');
  });
});
