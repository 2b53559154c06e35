import { z } from 'zod';
import { visibleLength } from '../text/visible-length';
import { MAX_LABEL_LENGTH, MAX_LABEL_UNITS } from './limits';

/**
 * A label's text, counted as the popup counts it: in characters as a person sees them (an emoji
 * is one), so that the editor's counter and every check agree. One schema for what is sent to
 * the service and what is kept in the labels file.
 */
export function labelTextSchema(notText: string) {
  return z
    .string({ error: notText })
    .max(MAX_LABEL_UNITS, {
      error: `The label is too long: at most ${MAX_LABEL_LENGTH} characters.`,
    })
    .refine((label) => visibleLength(label) <= MAX_LABEL_LENGTH, {
      error: `The label must be at most ${MAX_LABEL_LENGTH} characters long.`,
    });
}
