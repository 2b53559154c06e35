import { describe, expect, it } from 'vitest';
import {
  FIRST_BENCH_MS,
  LONGEST_BENCH_MS,
  MemberHealth,
} from '../../../src/main/pool/member-health';

describe('a member benched', () => {
  it('for 10 s, doubling for each failure in a row up to 5 minutes', () => {
    const health = new MemberHealth();
    const lengths: number[] = [];
    for (let failure = 0; failure < 8; failure += 1) {
      lengths.push(health.benchFor('refused', 1_000) - 1_000);
      health.readmit();
    }
    expect(FIRST_BENCH_MS).toBe(10_000);
    expect(LONGEST_BENCH_MS).toBe(300_000);
    expect(lengths).toEqual([10, 20, 40, 80, 160, 300, 300, 300].map((s) => s * 1_000));
  });

  it('keeps why, until readmitted', () => {
    const health = new MemberHealth();
    expect(health.bench).toBeNull();
    health.benchFor('the proxy refused the login (407)', 0);
    expect(health.bench).toEqual({ until: 10_000, reason: 'the proxy refused the login (407)' });
    health.readmit();
    expect(health.bench).toBeNull();
  });

  it('starts a new run after a connection opened through it', () => {
    const health = new MemberHealth();
    health.benchFor('a', 0);
    health.readmit();
    health.benchFor('b', 0);
    health.readmit();
    health.succeeded();
    expect(health.benchFor('c', 0)).toBe(FIRST_BENCH_MS);
  });
});
