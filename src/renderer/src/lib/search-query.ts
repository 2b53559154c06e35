/**
 * The search box's text, read as a query: `is:` words that filter by status, and the rest, the
 * text every proxy's search key is tested for. The box holds the whole query (the chips only add
 * and remove words in it), so what the user sees there is always what is searched.
 */

/** Each status filter, in the order its chip is shown. */
export const STATUS_FILTERS = ['rotating', 'static', 'blocked', 'expiring', 'failing'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SearchQuery {
  /** What the search keys must contain: lower case, trimmed; '' for none. */
  readonly needle: string;
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
  return {
    needle: text.trim().toLowerCase(),
    filters: STATUS_FILTERS.filter((filter) => found.has(filter)),
  };
}

/** Whether the query has no text and no filter: then everything is shown. */
export function isEmptyQuery(query: SearchQuery): boolean {
  return query.needle === '' && query.filters.length === 0;
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
