/** The first bench of a proxy that failed, doubled at each failure in a row up to the longest. */
export const FIRST_BENCH_MS = 10_000;
export const LONGEST_BENCH_MS = 5 * 60_000;

/** Why and until when a member is left out of a pool's choices. */
export interface Bench {
  until: number;
  reason: string;
}

/**
 * Whether a pool's member is fit to take connections. A failure benches it at once for a while
 * (FIRST_BENCH_MS, doubling for each failure in a row — a bench ended by a probe that failed, or
 * a readmitted member failing again — up to LONGEST_BENCH_MS); a connection that opens through it
 * ends the run of failures.
 */
export class MemberHealth {
  #bench: Bench | null = null;
  /** The length of the last bench of the current run of failures; 0 when there is no run. */
  #lastBenchMs = 0;

  get bench(): Bench | null {
    return this.#bench;
  }

  /** Benches the member for the next length of its run; answers until when. */
  benchFor(reason: string, now: number): number {
    this.#lastBenchMs =
      this.#lastBenchMs === 0 ? FIRST_BENCH_MS : Math.min(this.#lastBenchMs * 2, LONGEST_BENCH_MS);
    this.#bench = { until: now + this.#lastBenchMs, reason };
    return this.#bench.until;
  }

  /** Lets it take connections again; its run of failures goes on until one opens. */
  readmit(): void {
    this.#bench = null;
  }

  /** A connection opened through it: the next failure starts a new run. */
  succeeded(): void {
    this.#lastBenchMs = 0;
  }
}
