import { z } from 'zod';
import { resourceId } from '../../shared/api/primitives';

/**
 * The ids every file kept on this computer is keyed by (labels, favorites, host choices, kept
 * ports): checked the same way wherever they are read back, since any file may have been edited.
 */
export const ACCOUNT_ID_MAX_LENGTH = 200;

export const accountIdSchema = z
  .string({ error: 'The account id must be text.' })
  .min(1, { error: 'The account id must not be empty.' })
  .max(ACCOUNT_ID_MAX_LENGTH, {
    error: `The account id can be at most ${ACCOUNT_ID_MAX_LENGTH} characters long.`,
  });

export const proxyIdSchema = resourceId;

/** A proxy id as a JSON object key: the canonical decimal form of a positive integer. */
// Stryker disable StringLiteral: (the regex's reason, to the end of the file) never shown: a file's reader names the key it removes, not this reason
export const proxyIdKeySchema = z
  .string()
  .regex(/^[1-9][0-9]*$/, 'Expected a positive integer id')
  .transform(Number)
  .pipe(proxyIdSchema);
