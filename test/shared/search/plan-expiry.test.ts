import { describe, expect, it } from 'vitest';
import { planExpiry } from '../../../src/shared/search/plan-expiry';

const NOW = Date.parse('2026-03-01T00:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const endingIn = (ms: number) => new Date(NOW + ms).toISOString();

describe('planExpiry', () => {
  it('is unknown (null) when the service gave no end date', () => {
    expect(planExpiry(null, NOW, 3)).toBeNull();
  });

  it('is expired once the end date has passed', () => {
    expect(planExpiry(endingIn(-MINUTE), NOW, 3)).toBe('expired');
    expect(planExpiry(endingIn(-30 * DAY), NOW, 0)).toBe('expired');
  });

  it('expires soon within the warning days, the last day included', () => {
    expect(planExpiry(endingIn(3 * DAY), NOW, 3)).toBe('expires-soon');
    expect(planExpiry(endingIn(0), NOW, 3)).toBe('expires-soon');
    expect(planExpiry(endingIn(7 * DAY), NOW, 7)).toBe('expires-soon');
  });

  it('is null further off than the warning days', () => {
    expect(planExpiry(endingIn(3 * DAY + MINUTE), NOW, 3)).toBeNull();
    expect(planExpiry(endingIn(MINUTE), NOW, 0)).toBeNull();
  });
});
