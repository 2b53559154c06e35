import type { MutantResult } from '@stryker-mutator/api/core';

/** The bar: every core module at this share of its mutants killed, or more. */
export const FLOOR_PERCENT = 90;

export interface Score {
  /** Mutants a test could tell apart: killed (a timeout counts), survived, or never run. */
  counted: number;
  /** Killed by a failing test or by a timeout (a mutant that hangs a connection). */
  killed: number;
  survived: number;
  noCoverage: number;
  timedOut: number;
  /** Left out by a disable comment (an equivalent mutant, with its reason beside it). */
  ignored: number;
  /** killed / counted, as Stryker's "total" score; 100 when nothing was counted. */
  percent: number;
}

/** Stryker's total score of one run: timeouts count as killed, uncovered mutants as survived. */
export function mutationScore(results: readonly Pick<MutantResult, 'status'>[]): Score {
  const count = (status: MutantResult['status']) =>
    results.filter((result) => result.status === status).length;
  const timedOut = count('Timeout');
  const killed = count('Killed') + timedOut;
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const counted = killed + survived + noCoverage;
  return {
    counted,
    killed,
    survived,
    noCoverage,
    timedOut,
    ignored: count('Ignored'),
    percent: counted === 0 ? 100 : (killed / counted) * 100,
  };
}

/** "stores: 93.4 % killed (470 of 503; 30 survived, 3 not covered, 2 timed out, 4 ignored)". */
export function summaryLine(name: string, score: Score): string {
  const floor = score.percent < FLOOR_PERCENT ? ' — under the floor' : '';
  return (
    `${name}: ${score.percent.toFixed(1)} % killed (${score.killed} of ${score.counted}; ` +
    `${score.survived} survived, ${score.noCoverage} not covered, ${score.timedOut} timed out, ` +
    `${score.ignored} ignored)${floor}`
  );
}
