/** A piece of a shown text, and whether it is (part of) what the search matched. */
export interface HighlightPart {
  readonly text: string;
  readonly match: boolean;
}

/**
 * The text cut where the needle occurs, case-insensitively, every time it occurs (left to right,
 * without overlaps), so that a row can mark its matches with <mark> and no HTML is built from
 * the text. A blank needle, or one not found, gives the whole text as one part; an empty text, no
 * parts. Joined, the parts' texts are always the text as given.
 */
export function highlightParts(text: string, needle: string): HighlightPart[] {
  if (text === '') return [];
  const wanted = needle.trim().toLowerCase();
  if (wanted === '') return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Lower-casing may change a string's length (İ becomes i̇): then offsets into `lower` would cut
  // `text` in the wrong places, so such text is shown unmarked rather than marked wrongly.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: HighlightPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + wanted.length), match: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
