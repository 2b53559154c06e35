import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, readTimestamp } from '../../../../src/main/api/decoding/timestamps';
import { canonicalOf, spellingsOf } from '../response-arbitraries';

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

describe('readTimestamp', () => {
  it.each([
    ['2025-03-01T10:00:00Z', '2025-03-01T10:00:00Z'],
    ['2025-03-01 10:00:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00z', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00.000Z', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00.5Z', '2025-03-01T10:00:00.500Z'],
    ['2025-03-01T10:00:00.123456789Z', '2025-03-01T10:00:00.123Z'],
    ['2025-03-01T10:00:00.999999Z', '2025-03-01T10:00:00.999Z'],
    ['2025-03-01T10:00:00,25Z', '2025-03-01T10:00:00.250Z'],
    ['2025-03-01T10:00:00.000000+0000', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00+0000', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00+00:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T10:00:00-00:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T12:00:00+02:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T12:00:00+0200', '2025-03-01T10:00:00Z'],
    ['2025-03-01T12:00:00+02', '2025-03-01T10:00:00Z'],
    ['2025-03-01T04:30:00-05:30', '2025-03-01T10:00:00Z'],
    ['2025-03-01 01:00:00-09:00', '2025-03-01T10:00:00Z'],
    ['2025-03-01T00:30:00+01:00', '2025-02-28T23:30:00Z'],
    ['2024-12-31T23:00:00-01:00', '2025-01-01T00:00:00Z'],
    // The widest offsets there are.
    ['2025-03-01T23:59:00+23:59', '2025-03-01T00:00:00Z'],
    ['2025-03-01T00:00:00-23:59', '2025-03-01T23:59:00Z'],
    ['2025-03-01', '2025-03-01T00:00:00Z'],
    ['2024-02-29', '2024-02-29T00:00:00Z'],
    [' 2025-03-01T10:00:00Z ', '2025-03-01T10:00:00Z'],
    // Years below 100 are those years, not 19xx.
    ['0099-03-01T10:00:00Z', '0099-03-01T10:00:00Z'],
    ['0001-01-01', '0001-01-01T00:00:00Z'],
    ['0000-03-01T10:00:00Z', '0000-03-01T10:00:00Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('reads %j as %j', (value, expected) => {
    expect(readTimestamp(value)).toBe(expected);
  });

  it.each([
    '2025-02-30',
    '2025-02-29T10:00:00Z',
    '2025-04-31T10:00:00Z',
    '2025-13-01T10:00:00Z',
    '2025-00-10T10:00:00Z',
    '2025-03-00T10:00:00Z',
    '2025-03-01T24:00:00Z',
    '2025-03-01T99:00:00Z',
    '2025-01-31 24:00',
    '2025-03-01T10:60:00Z',
    '2025-03-01T10:00:60Z',
    '2025-03-01T10:00:00+24:00',
    '2025-03-01T10:00:00+02:60',
    '2025-03-01T10:00:00 UTC',
    '2025-03-01T10:00:00GMT',
    '2025-3-1',
    '25-03-01',
    '20250301T100000Z',
    'x2025-03-01',
    '2025-03-01T10:00:00Zx',
    '2025-03-01T10',
    '2025-03-01T10:00:00.Z',
    '01/03/2025',
    'tomorrow',
    '',
    '1740823200',
    // An offset must not carry the instant out of the four-digit years the app keeps.
    '0000-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-01:00',
    // A zone needs a time: on a date alone it could as well be a typo.
    '2025-03-01-05',
    '2025-03-01Z',
    1_740_823_200,
    1_740_823_200_000,
    null,
    undefined,
    true,
    { date: '2025-03-01' },
  ])('does not read %j', (value) => {
    expect(readTimestamp(value)).toBeUndefined();
  });

  it('reads every spelling of an instant as that instant, in the canonical form', () => {
    const anyYear = fc.integer({
      min: Date.parse('0001-01-02T00:00:00Z'),
      max: Date.parse('9999-12-30T00:00:00Z'),
    });
    const wholeSecond = anyYear.map((ms) => ms - (((ms % 1000) + 1000) % 1000));
    const midnight = anyYear.map((ms) => ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000));
    fc.assert(
      fc.property(
        fc
          .oneof(anyYear, wholeSecond, midnight)
          .chain((ms) => fc.tuple(fc.constant(ms), spellingsOf(ms))),
        ([ms, spelling]) => {
          expect(readTimestamp(spelling)).toBe(canonicalOf(ms));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('returns nothing but the canonical form', () => {
    const nearTimestamps = fc.stringMatching(
      /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}([.,]\d{1,9})?)?)?\s?([Zz]|[+-]\d{2}(:?\d{2})?)?$/,
    );
    fc.assert(
      fc.property(fc.oneof(nearTimestamps, fc.string()), (text) => {
        const read = readTimestamp(text);
        if (read !== undefined) {
          expect(read).toMatch(CANONICAL);
          expect(readTimestamp(read)).toBe(read);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('formatTimestamp', () => {
  it.each([
    [Date.parse('2025-03-01T10:00:00Z'), '2025-03-01T10:00:00Z'],
    [Date.parse('2025-03-01T10:00:00.120Z'), '2025-03-01T10:00:00.120Z'],
    [0, '1970-01-01T00:00:00Z'],
    [Date.parse('0050-06-01T00:00:00Z'), '0050-06-01T00:00:00Z'],
  ])('formats %d as %j', (epochMs, expected) => {
    expect(formatTimestamp(epochMs)).toBe(expected);
  });
});
