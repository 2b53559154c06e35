import { z } from 'zod';
import { resourceId } from '../../shared/api/primitives';
import { labelTextSchema } from '../../shared/api/label-text';

/** The labels file: `{ schemaVersion, labels: { <account id>: { <proxy id>: <label> } } }`. */
export const LABELS_SCHEMA_VERSION = 1;
export const ACCOUNT_ID_MAX_LENGTH = 200;

/** Counted in characters as a person sees them, as the popup counts them. */
export const labelSchema = labelTextSchema('A label must be text.');

export const accountIdSchema = z
  .string({ error: 'The account id must be text.' })
  .min(1, { error: 'The account id must not be empty.' })
  .max(ACCOUNT_ID_MAX_LENGTH, {
    error: `The account id can be at most ${ACCOUNT_ID_MAX_LENGTH} characters long.`,
  });

export const proxyIdSchema = resourceId;

/** A proxy id as a JSON object key: the canonical decimal form of a positive integer. */
export const proxyIdKeySchema = z
  .string()
  .regex(/^[1-9][0-9]*$/, 'Expected a positive integer id')
  .transform(Number)
  .pipe(proxyIdSchema);

export type StoredLabels = Record<string, Record<string, string>>;
