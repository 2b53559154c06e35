import { describe, expect, it } from 'vitest';
import { expiryPhrase, planBadges, updatedAgo } from '../../../src/renderer/src/lib/relative-time';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(NOW + offset).toISOString();

describe('updatedAgo', () => {
  it('says nothing before the first load', () => {
    expect(updatedAgo(null, NOW)).toBeNull();
  });

  it('counts in minutes below an hour and in hours after', () => {
    expect(updatedAgo(at(-20_000), NOW)).toBe('Updated just now');
    expect(updatedAgo(at(-MINUTE), NOW)).toBe('Updated 1 min ago');
    expect(updatedAgo(at(-59 * MINUTE), NOW)).toBe('Updated 59 min ago');
    expect(updatedAgo(at(-HOUR), NOW)).toBe('Updated 1 h ago');
    expect(updatedAgo(at(-30 * HOUR), NOW)).toBe('Updated 30 h ago');
  });

  it('reads a clock slightly behind the data as just now', () => {
    expect(updatedAgo(at(5_000), NOW)).toBe('Updated just now');
  });
});

describe('expiryPhrase', () => {
  it('speaks of the future as "expires in" and of the past as "expired … ago"', () => {
    expect(expiryPhrase(at(3 * DAY + HOUR), NOW)).toBe('expires in 3 days');
    expect(expiryPhrase(at(-2 * DAY - HOUR), NOW)).toBe('expired 2 days ago');
  });

  it('rounds to the nearest unit: two days less a minute is two days', () => {
    expect(expiryPhrase(at(2 * DAY - MINUTE), NOW)).toBe('expires in 2 days');
    expect(expiryPhrase(at(3 * DAY + 13 * HOUR), NOW)).toBe('expires in 4 days');
  });

  it('uses the largest unit, singular for one', () => {
    expect(expiryPhrase(at(DAY), NOW)).toBe('expires in 1 day');
    expect(expiryPhrase(at(5 * HOUR + 10 * MINUTE), NOW)).toBe('expires in 5 hours');
    expect(expiryPhrase(at(MINUTE), NOW)).toBe('expires in 1 minute');
    expect(expiryPhrase(at(-HOUR), NOW)).toBe('expired 1 hour ago');
    expect(expiryPhrase(at(10_000), NOW)).toBe('expires in under a minute');
    expect(expiryPhrase(at(-10_000), NOW)).toBe('expired just now');
  });

  it('reads timestamps with an offset', () => {
    expect(expiryPhrase('2025-06-18T14:00:00+02:00', NOW)).toBe('expires in 3 days');
  });

  it('says "expiry unknown" when the service did not say, and flags nothing', () => {
    expect(expiryPhrase(null, NOW)).toBe('expiry unknown');
    expect(planBadges({ is_blocked: false, expire_date: null }, NOW, 3)).toEqual([]);
    expect(planBadges({ is_blocked: true, expire_date: null }, NOW, 3)).toEqual(['Blocked']);
  });
});

describe('planBadges', () => {
  const plan = (offset: number, blocked = false) => ({
    is_blocked: blocked,
    expire_date: at(offset),
  });

  it('flags nothing on a healthy plan', () => {
    expect(planBadges(plan(30 * DAY), NOW, 3)).toEqual([]);
  });

  it('flags a plan expiring within the warning days, and one already expired', () => {
    expect(planBadges(plan(3 * DAY), NOW, 3)).toEqual(['Expires soon']);
    expect(planBadges(plan(3 * DAY + MINUTE), NOW, 3)).toEqual([]);
    expect(planBadges(plan(7 * DAY), NOW, 7)).toEqual(['Expires soon']);
    expect(planBadges(plan(MINUTE), NOW, 0)).toEqual([]);
    expect(planBadges(plan(-MINUTE), NOW, 3)).toEqual(['Expired']);
  });

  it('puts Blocked first', () => {
    expect(planBadges(plan(-DAY, true), NOW, 3)).toEqual(['Blocked', 'Expired']);
    expect(planBadges(plan(30 * DAY, true), NOW, 3)).toEqual(['Blocked']);
  });
});
