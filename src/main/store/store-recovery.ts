/**
 * What happened when a stored file could not be used as it was: where the original bytes were
 * kept and, in plain sentences, what was wrong and what was reset. The popup shows it once.
 */
export interface StoreRecovery {
  readonly backupPath: string;
  readonly problems: string[];
}

/** At most this many problem lines are kept; the rest are summed up in one more line. */
const MAX_PROBLEMS = 20;

export function summariseProblems(problems: readonly string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return [...problems];
  const hidden = problems.length - MAX_PROBLEMS;
  const more = hidden === 1 ? '1 more problem' : `${hidden} more problems`;
  return [...problems.slice(0, MAX_PROBLEMS), `…and ${more} of the same kind.`];
}
