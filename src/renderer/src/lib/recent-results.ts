/** One plan's matches for one search, kept so that the next keystroke can start from them. */
export interface KeptResult<Matches> {
  /** The text searched for, its words, and the per-proxy filters' key ('' for none). */
  readonly needle: string;
  readonly words: readonly string[];
  readonly filterKey: string;
  /** The check results `is:failing` read; null when the filters read none. */
  readonly failing: ReadonlySet<number> | null;
  readonly matches: Matches;
  /** Where the matches sit in the plan's proxies, in order; null for all of them. */
  readonly positions: readonly number[] | null;
}

/**
 * Typing mostly extends the search or takes back its last character. A few results are enough for
 * both: Backspace finds the earlier result as it was (the same object, so the section keeps its
 * rows), and a longer search only re-tests the matches of a shorter one: each of its words lies
 * inside a word of the longer one, so a proxy that has every longer word has every shorter one.
 */
const KEPT = 8;

/** A plan's last few search results, the newest last. */
export class RecentResults<Matches> {
  readonly #results: KeptResult<Matches>[] = [];

  /** The result of this very search, if it is one of the last few. */
  same(needle: string, filterKey: string, failing: ReadonlySet<number> | null) {
    return this.#results.find(
      (kept) => kept.needle === needle && kept.filterKey === filterKey && kept.failing === failing,
    );
  }

  /**
   * The smallest kept result of a search this one narrows (same filters, each of its words inside
   * one of this one's): every match of this search is among its matches. Undefined when none is
   * kept.
   */
  narrowed(words: readonly string[], filterKey: string, failing: ReadonlySet<number> | null) {
    let best: KeptResult<Matches> | undefined;
    for (const kept of this.#results) {
      if (kept.filterKey !== filterKey || kept.failing !== failing) continue;
      if (!kept.words.every((shorter) => words.some((word) => word.includes(shorter)))) continue;
      if (!best || size(kept) < size(best)) best = kept;
    }
    return best;
  }

  newest(): KeptResult<Matches> | undefined {
    return this.#results.at(-1);
  }

  /** Keeps the result as the newest, dropping the oldest beyond the few kept. */
  keep(result: KeptResult<Matches>): void {
    const at = this.#results.indexOf(result);
    if (at !== -1) this.#results.splice(at, 1);
    this.#results.push(result);
    if (this.#results.length > KEPT) this.#results.shift();
  }
}

function size(result: KeptResult<unknown>): number {
  return result.positions?.length ?? Number.POSITIVE_INFINITY;
}
