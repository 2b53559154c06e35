/**
 * The search box's text, read as a query: `is:` words that filter by status, and the rest, the
 * words every shown proxy must have somewhere (in its plan's name or its search key). The box holds
 * the whole query (the chips only add and remove words in it), so what the user sees there is
 * always what is searched.
 */

/** Each status filter, in the order its chip is shown. */
export const STATUS_FILTERS = ['rotating', 'static', 'blocked', 'expiring', 'failing'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SearchQuery {
  /** The text without the `is:` words: lower case, trimmed; '' for none. */
  readonly needle: string;
  /**
   * What a proxy must contain, each somewhere (AND): the needle's words, and `"quoted phrases"`
   * as one word each (a phrase still being typed, without its closing quote, counts already).
   */
  readonly words: readonly string[];
  /** The known `is:` words, once each, in STATUS_FILTERS order whatever order they were typed. */
  readonly filters: readonly StatusFilter[];
}

/**
 * An `is:` word and the spaces before it. Only whole words count: `this:x` and `is:` alone are
 * text. The spaces go with the word so that removing it leaves the text around it as typed.
 */
const IS_WORD = /(^|\s+)is:(\S+)(?=\s|$)/gi;

function statusFilterOf(word: string): StatusFilter | undefined {
  const lower = word.toLowerCase();
  return STATUS_FILTERS.find((filter) => filter === lower);
}

export function parseSearchQuery(query: string): SearchQuery {
  const found = new Set<StatusFilter>();
  const text = query.replace(IS_WORD, (whole, _spaces: string, word: string) => {
    const filter = statusFilterOf(word);
    if (!filter) return whole; // An unknown `is:` word is searched for as text.
    found.add(filter);
    return '';
  });
  const needle = text.trim().toLowerCase();
  return {
    needle,
    words: wordsOf(needle),
    filters: STATUS_FILTERS.filter((filter) => found.has(filter)),
  };
}

/** A quoted phrase (its closing quote optional) or a run of non-spaces. */
const WORD = /"([^"]*)"?|[^\s"]+/g;

function wordsOf(needle: string): string[] {
  const words: string[] = [];
  for (const [whole, phrase] of needle.matchAll(WORD)) {
    const word = (phrase ?? whole).trim();
    if (word !== '') words.push(word);
  }
  return words;
}

/** Whether the query has no text and no filter: then everything is shown. */
export function isEmptyQuery(query: SearchQuery): boolean {
  return query.words.length === 0 && query.filters.length === 0;
}

/**
 * The query with the filter's `is:` word removed (every time it was typed, in any case) when it
 * has it, or added at the end when it has not: what a chip's press does to the box.
 */
export function toggleStatusFilter(query: string, filter: StatusFilter): string {
  if (parseSearchQuery(query).filters.includes(filter)) {
    const without = query.replace(IS_WORD, (whole, _spaces: string, word: string) =>
      statusFilterOf(word) === filter ? '' : whole,
    );
    return without.trim();
  }
  const rest = query.trimEnd();
  return rest === '' ? `is:${filter}` : `${rest} is:${filter}`;
}
