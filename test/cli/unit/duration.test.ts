import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/cli/args/duration';
import { EXIT } from '../../../src/cli/exit-codes';
import { failureMessageOf } from './failure-of';
import { MAX_ROTATE_INTERVAL_SECONDS } from '../../../src/shared/api/limits';

describe('a rotation interval as typed', () => {
  it.each([
    ['600', 600],
    ['90s', 90],
    ['5m', 300],
    ['2h', 7200],
    ['1d', 86_400],
    ['5M', 300],
    [' 10m ', 600],
    ['1', 1],
    ['365d', MAX_ROTATE_INTERVAL_SECONDS],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '0', '0s', '5x', '1.5h', '-5m', 'm', '5 m', '366d', '99999999999'])(
    '"%s" is a usage error that says what is accepted',
    (text) => {
      expect(failureMessageOf(() => parseDuration(text), EXIT.usage)).toMatch(
        /90s, 5m, 2h|1 second to 365 days/,
      );
    },
  );
});
