/** A piece of a shown text, and whether it is (part of) what the search matched. */
export interface HighlightPart {
  readonly text: string;
  readonly match: boolean;
}

/**
 * The text cut where any of the search's words occurs, case-insensitively, every time it occurs
 * (left to right, without overlaps; the longer word where two start at one place), so that a row
 * can mark its matches with <mark> and no HTML is built from the text. No words, or none found,
 * give the whole text as one part; an empty text, no parts. Joined, the parts' texts are always
 * the text as given.
 */
export function highlightParts(text: string, words: readonly string[]): HighlightPart[] {
  if (text === '') return [];
  const wanted = words.map((word) => word.trim().toLowerCase()).filter((word) => word !== '');
  if (wanted.length === 0) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Lower-casing may change a string's length (İ becomes i̇): then offsets into `lower` would cut
  // `text` in the wrong places, so such text is shown unmarked rather than marked wrongly.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: HighlightPart[] = [];
  let from = 0;
  for (let found = nextMatch(lower, wanted, from); found; found = nextMatch(lower, wanted, from)) {
    if (found.at > from) parts.push({ text: text.slice(from, found.at), match: false });
    parts.push({ text: text.slice(found.at, found.at + found.length), match: true });
    from = found.at + found.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** The first place from `from` where a word occurs, with the longest word found there. */
function nextMatch(lower: string, words: readonly string[], from: number) {
  let best: { at: number; length: number } | undefined;
  for (const word of words) {
    const at = lower.indexOf(word, from);
    if (at === -1) continue;
    if (!best || at < best.at || (at === best.at && word.length > best.length)) {
      best = { at, length: word.length };
    }
  }
  return best;
}
