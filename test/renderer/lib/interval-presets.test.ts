import { describe, expect, it } from 'vitest';
import {
  formatInterval,
  INTERVAL_PRESETS,
  isPresetInterval,
  parseInterval,
} from '../../../src/renderer/src/lib/interval-presets';

describe('interval presets', () => {
  it('offers 1, 5, 10 and 30 minutes and 1 hour, in seconds', () => {
    expect(INTERVAL_PRESETS.map((preset) => [preset.label, preset.seconds])).toEqual([
      ['1 min', 60],
      ['5 min', 300],
      ['10 min', 600],
      ['30 min', 1800],
      ['1 h', 3600],
    ]);
    expect(isPresetInterval(300)).toBe(true);
    expect(isPresetInterval(900)).toBe(false);
  });

  it('labels each preset as formatInterval writes it', () => {
    for (const preset of INTERVAL_PRESETS)
      expect(formatInterval(preset.seconds)).toBe(preset.label);
  });
});

describe('formatInterval', () => {
  it.each([
    [1, '1 s'],
    [90, '90 s'],
    [120, '2 min'],
    [5_400, '90 min'],
    [7_200, '2 h'],
    [86_400, '1 d'],
    [129_600, '36 h'],
    [31_536_000, '365 d'],
    [31_535_999, '31535999 s'],
  ])('writes %i seconds as %j, exactly', (seconds, text) => {
    expect(formatInterval(seconds)).toBe(text);
  });
});

describe('parseInterval', () => {
  it.each([
    ['1', 1],
    [' 900 ', 900],
    ['90 s', 90],
    ['90sec', 90],
    ['5 min', 300],
    ['5m', 300],
    ['2 h', 7_200],
    ['2 Hours', 7_200],
    ['1 day', 86_400],
    ['365 d', 31_536_000],
    ['31536000', 31_536_000],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(parseInterval(text)).toEqual({ ok: true, seconds });
  });

  it('reads back every interval it writes', () => {
    for (const seconds of [1, 59, 90, 600, 5_400, 7_200, 86_400, 31_536_000]) {
      expect(parseInterval(formatInterval(seconds))).toEqual({ ok: true, seconds });
    }
  });

  it.each(['', '0', '0 min', '366 d', '31536001', '1.5', '-5', '1e3', 'ten', '5 weeks', 'h'])(
    'refuses %j, saying what it takes',
    (text) => {
      const result = parseInterval(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/from 1 s to 365 d.*90 s, 5 min or 2 h/);
    },
  );
});
