/** Anything the main process numbers in the order it happened (see revisionSchema). */
export interface Revisioned {
  readonly revision: number;
}

/**
 * Applies one delta to a base; returns the new value (the same object where it changed in
 * place), or null when the delta does not belong to it (another account's, an unknown plan's).
 */
export type ApplyDelta<Base, Delta> = (value: Base, delta: Delta) => Base | null;

/**
 * The popup's copy of a state the main process holds, kept from a base (a request's answer, or a
 * full state announced as an event) and the deltas announced after it.
 *
 * Answers and events travel separately and may cross: a delta can arrive before the base it
 * applies to (the popup has just opened and asked, or asked again), and an answer can arrive
 * after deltas newer than itself. So deltas that arrive while a request is on its way (or before
 * any base) are kept, and laid again over the base that arrives; a delta or base no newer than
 * what is held is ignored. Deltas set values rather than add to them, so laying one again over
 * state that already has it changes nothing.
 */
export class Replica<Base extends Revisioned, Delta extends Revisioned> {
  readonly #apply: ApplyDelta<Base, Delta>;
  #value: Base | null = null;
  /** The revision of the newest base taken. */
  #baseRevision = -1;
  /** The revision of the newest base or delta in `#value`. */
  #revision = -1;
  /** The newest revision handed in, taken or not (see `heard`). */
  #heard = -1;
  #asking = 0;
  #kept: Delta[] = [];

  constructor(apply: ApplyDelta<Base, Delta>) {
    this.#apply = apply;
  }

  get value(): Base | null {
    return this.#value;
  }

  /**
   * The newest revision of any base or delta handed in, whether it changed the value or not
   * (another account's, one already held): events arrive in order, so every update up to it has
   * arrived. An answer that names a revision (a refresh's) is all on screen once this reaches it.
   */
  get heard(): number {
    return this.#heard;
  }

  /** A full state, from an answer or an event; false when an older one than held. */
  base(next: Base): boolean {
    this.#heard = Math.max(this.#heard, next.revision);
    if (next.revision <= this.#baseRevision) return false;
    let value = next;
    let revision = next.revision;
    for (const delta of this.#kept) {
      if (delta.revision <= next.revision) continue;
      value = this.#apply(value, delta) ?? value;
      revision = delta.revision;
    }
    this.#value = value;
    this.#baseRevision = next.revision;
    this.#revision = revision;
    if (this.#asking === 0) this.#kept = [];
    return true;
  }

  /** One announced change; false when it changed nothing held (yet). */
  delta(delta: Delta): boolean {
    this.#heard = Math.max(this.#heard, delta.revision);
    if (delta.revision <= this.#revision) return false;
    if (this.#asking > 0 || this.#value === null) this.#kept.push(delta);
    if (this.#value === null) return false;
    const value = this.#apply(this.#value, delta);
    if (value === null) return false;
    this.#value = value;
    this.#revision = delta.revision;
    return true;
  }

  /**
   * Asks for a base; deltas arriving meanwhile are kept for it. Resolves to whatever `request`
   * resolved to, after its base (if any) was taken.
   */
  async ask<Result>(
    request: () => Promise<Result>,
    baseOf: (result: Result) => Base | undefined,
  ): Promise<Result> {
    this.#asking += 1;
    try {
      const result = await request();
      const next = baseOf(result);
      if (next) this.base(next);
      return result;
    } finally {
      this.#asking -= 1;
      if (this.#asking === 0 && this.#value !== null) this.#kept = [];
    }
  }
}
