import { MAX_LABEL_LENGTH } from '../../../shared/api/limits';
import { visibleLength } from '../../../shared/text/visible-length';

/** The counter shows from here on: far enough ahead to plan, out of the way for short labels. */
export const LABEL_COUNTER_FROM = MAX_LABEL_LENGTH - 100;

export interface LabelLength {
  /** Characters as a person sees them, as the main process counts them. */
  length: number;
  /** What the counter says, or null while the label is short. */
  counter: string | null;
  /** Why the label cannot be saved, or null when it can. */
  problem: string | null;
}

/** The label editor's view of a draft: a counter near the limit, a reason past it. */
export function labelLengthOf(draft: string): LabelLength {
  const length = visibleLength(draft.trim());
  const over = length - MAX_LABEL_LENGTH;
  return {
    length,
    counter: length >= LABEL_COUNTER_FROM ? `${length} / ${MAX_LABEL_LENGTH}` : null,
    problem:
      over > 0
        ? `The label is ${over} ${over === 1 ? 'character' : 'characters'} too long: labels hold at most ${MAX_LABEL_LENGTH}.`
        : null,
  };
}
