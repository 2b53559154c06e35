import type { Member } from './pool-member';

/** How long a session keeps its upstream once none of its connections is open (the default). */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;

/**
 * The session a pool login names, or null: the username `session-<id>` (all of what follows is
 * the id, so a UUID stays whole), or a provider-style username holding `-session-<id>` or
 * `_session-<id>` (the id then ends at the next `-` or `_`, as in `user-country-us-session-ab12-lifetime-10`).
 */
export function sessionOf(username: string | null): string | null {
  // Equivalent ConditionalExpression mutant, left to survive (a disable comment would hide its
  // killed twins too): without it, null is read as "null", which names no session either.
  if (username === null) return null;
  // Equivalent Regex mutant, left to survive (a disable comment would hide its killed twins too):
  // `.+` takes the rest of the name anyway, so the end anchor changes nothing.
  const whole = /^session-(.+)$/i.exec(username);
  if (whole?.[1]) return whole[1];
  return /[-_]session-([^-_]+)/i.exec(username)?.[1] ?? null;
}

interface Held {
  member: Member;
  /** Its connections open now: a session is idle only when none is. */
  open: number;
  lastUsed: number;
}

/**
 * The sessions of a pool: each keeps the upstream it was first given until it has been idle for
 * `idleMs` (then it is forgotten and its next connection is given one afresh). Idle ones are
 * swept when the pool asks (`sweep`), so the map holds no more than the sessions of the last
 * idle time.
 */
export class Sessions {
  readonly #held = new Map<string, Held>();

  constructor(readonly idleMs: number) {}

  /** The upstream session `id` holds, unless it went idle. */
  memberOf(id: string, now: number): Member | null {
    const held = this.#held.get(id);
    if (held === undefined) return null;
    if (this.#idle(held, now)) {
      this.#held.delete(id);
      return null;
    }
    return held.member;
  }

  /** Gives session `id` the upstream `member` (its first, or the one it moves to). */
  hold(id: string, member: Member, now: number): void {
    const held = this.#held.get(id);
    if (held) {
      held.member = member;
      held.lastUsed = now;
    } else {
      this.#held.set(id, { member, open: 0, lastUsed: now });
    }
  }

  /** A connection of session `id` opened; `closed` is to be called when it closes. */
  connectionOpened(id: string, now: () => number): () => void {
    const held = this.#held.get(id);
    if (held === undefined) return () => {};
    // Not idle while it is open (#idle), so only its closing sets lastUsed.
    held.open += 1;
    return () => {
      held.open -= 1;
      held.lastUsed = now();
    };
  }

  /** Forgets the sessions that went idle. */
  sweep(now: number): void {
    for (const [id, held] of this.#held) if (this.#idle(held, now)) this.#held.delete(id);
  }

  /** How many live sessions each member holds. */
  countByMember(now: number): Map<Member, number> {
    const counts = new Map<Member, number>();
    for (const held of this.#held.values()) {
      if (this.#idle(held, now)) continue;
      counts.set(held.member, (counts.get(held.member) ?? 0) + 1);
    }
    return counts;
  }

  #idle(held: Held, now: number): boolean {
    return held.open === 0 && now - held.lastUsed >= this.idleMs;
  }
}
