/**
 * The labels the crash test's writer process writes: each one says which write made it, so the
 * test can check that every label it finds is exactly what some write gave it.
 */

export const CRASH_ACCOUNTS = ['acct-a', 'acct-b'] as const;

export function crashLabel(round: number, seq: number, accountId: string, proxyId: number): string {
  return `r${round} s${seq} ${accountId}/${proxyId} ${'#'.repeat(seq % 200)}`;
}

/** Why a label found after a crash is not one a write could have produced, or undefined. */
export function crashLabelProblem(
  label: string,
  accountId: string,
  proxyId: number,
  maxRound: number,
): string | undefined {
  const match = /^r(\d+) s(\d+) (\S+)\/(\d+) (#*)$/.exec(label);
  if (!match) return `unexpected text: ${JSON.stringify(label.slice(0, 80))}`;
  const [, round, seq] = match;
  // Rebuilding the label from its round and sequence number also checks its key and length.
  if (crashLabel(Number(round), Number(seq), accountId, proxyId) !== label) {
    return `label ${JSON.stringify(label.slice(0, 40))} is not what its write gave ${accountId}/${proxyId}`;
  }
  if (Number(round) > maxRound) return `label from a round (${round}) that has not run`;
  return undefined;
}
