import { describe, expect, it } from 'vitest';
import {
  CUSTOM_INTERVAL,
  INTERVAL_PRESETS,
  parseIntervalSeconds,
  pickerValueOf,
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
  });

  it('shows a preset interval as itself and any other as custom', () => {
    expect(pickerValueOf(300)).toBe('300');
    expect(pickerValueOf(3600)).toBe('3600');
    expect(pickerValueOf(900)).toBe(CUSTOM_INTERVAL);
    expect(pickerValueOf(0)).toBe(CUSTOM_INTERVAL);
  });
});

describe('parseIntervalSeconds', () => {
  it('accepts whole seconds from 1 to one year', () => {
    expect(parseIntervalSeconds('1')).toEqual({ ok: true, seconds: 1 });
    expect(parseIntervalSeconds(' 900 ')).toEqual({ ok: true, seconds: 900 });
    expect(parseIntervalSeconds('31536000')).toEqual({ ok: true, seconds: 31_536_000 });
  });

  it.each(['', '0', '31536001', '1.5', '-5', '1e3', 'ten', '12 s'])('refuses %j', (text) => {
    const result = parseIntervalSeconds(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/whole number of seconds from 1 to 31536000/);
  });
});
