import { labelTextSchema } from '../../shared/api/label-text';

/** The labels file: `{ schemaVersion, labels: { <account id>: { <proxy id>: <label> } } }`. */
export const LABELS_SCHEMA_VERSION = 1;

/** Counted in characters as a person sees them, as the popup counts them. */
export const labelSchema = labelTextSchema('A label must be text.');

export type StoredLabels = Record<string, Record<string, string>>;
