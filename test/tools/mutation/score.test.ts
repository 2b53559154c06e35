import { describe, expect, it } from 'vitest';
import type { MutantResult } from '@stryker-mutator/api/core';
import { FLOOR_PERCENT, mutationScore, summaryLine } from '../../../tools/mutation/score';

const results = (counts: Partial<Record<MutantResult['status'], number>>) =>
  Object.entries(counts).flatMap(([status, count]) =>
    Array.from({ length: count }, () => ({ status: status as MutantResult['status'] })),
  );

describe("a module's mutation score", () => {
  it('counts timeouts as killed, uncovered mutants as survived, and leaves out the ignored', () => {
    const score = mutationScore(
      results({
        Killed: 85,
        Timeout: 5,
        Survived: 7,
        NoCoverage: 3,
        Ignored: 4,
        CompileError: 2,
        RuntimeError: 1,
      }),
    );
    expect(score).toEqual({
      counted: 100,
      killed: 90,
      survived: 7,
      noCoverage: 3,
      timedOut: 5,
      ignored: 4,
      percent: 90,
    });
  });

  it('is full when nothing could be counted (a module with no mutant)', () => {
    expect(mutationScore(results({ Ignored: 2 })).percent).toBe(100);
    expect(mutationScore([]).percent).toBe(100);
  });

  it('is said in one line, with what is under the floor said so', () => {
    const at = mutationScore(results({ Killed: 9, Survived: 1 }));
    expect(summaryLine('stores', at)).toBe(
      'stores: 90.0 % killed (9 of 10; 1 survived, 0 not covered, 0 timed out, 0 ignored)',
    );
    const under = mutationScore(results({ Killed: 2, Timeout: 1, NoCoverage: 1, Ignored: 1 }));
    expect(summaryLine('api', under)).toBe(
      'api: 75.0 % killed (3 of 4; 0 survived, 1 not covered, 1 timed out, 1 ignored) — under the floor',
    );
    expect(FLOOR_PERCENT).toBe(90);
  });
});
