import type { Member } from './pool-member';

/**
 * How a pool picks the upstream of a connection that has none:
 * - `round-robin`: each in turn (the default: an even spread);
 * - `random`: any, at random;
 * - `fastest`: the quickest (its latest check's latency, else the pool's own connect times),
 *   in turn among equals (so members never measured share the load until they are);
 * - `sticky`: as round robin, but connections that name no session share one ("") and so one
 *   upstream until it fails or sits idle for the session time.
 * A connection that names a session (`session-<id>`) keeps its session's upstream whatever the
 * strategy (sessions.ts).
 */
export type PoolStrategy = 'round-robin' | 'random' | 'fastest' | 'sticky';

export const POOL_STRATEGIES: readonly PoolStrategy[] = [
  'round-robin',
  'random',
  'fastest',
  'sticky',
];

/**
 * The next member by `strategy` that `fits`, or null when none does. `turn` is the round-robin
 * position, advanced past the member picked: it is the caller's, so that one pool keeps one
 * turn. Each pick looks at the members once at most.
 */
export function pickMember(
  strategy: PoolStrategy,
  members: readonly Member[],
  fits: (member: Member) => boolean,
  turn: { next: number },
  random: () => number = Math.random,
): Member | null {
  // No members: the loop below does not run, and null is answered.
  const count = members.length;
  const start = strategy === 'random' ? Math.floor(random() * count) : turn.next % count;
  let best: Member | null = null;
  let bestIndex = 0;
  for (let offset = 0; offset < count; offset += 1) {
    const index = (start + offset) % count;
    const member = members[index] as Member;
    if (!fits(member)) continue;
    if (strategy !== 'fastest') {
      best = member;
      bestIndex = index;
      break;
    }
    if (best === null || member.speedMs < best.speedMs) {
      best = member;
      bestIndex = index;
    }
  }
  if (best !== null && strategy !== 'random') turn.next = bestIndex + 1;
  return best;
}
