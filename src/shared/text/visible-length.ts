/** Grapheme clusters are the same in every locale that Intl knows: one segmenter serves all. */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * How many characters a person sees in the text: a flag, a family emoji or a letter with its
 * accents is one, however many code points or UTF-16 units it takes. The popup and the main
 * process count a label's length this one way, so that neither refuses what the other allowed.
 */
export function visibleLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}
