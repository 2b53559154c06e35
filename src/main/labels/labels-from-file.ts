import { isJsonObject } from '../store/conf-file';
import { accountIdSchema, proxyIdKeySchema } from '../store/stored-ids';
import { LABELS_SCHEMA_VERSION, labelSchema } from './label-schema';

export type LabelsByAccount = Map<string, Map<number, string>>;

export interface LabelsFromFile {
  readonly labels: LabelsByAccount;
  /** Plain sentences; empty when the file was fine. Any problem means the file must be backed up. */
  readonly problems: string[];
}

/**
 * Reads a stored labels object, keeping every valid label: a bad entry costs only itself. A file
 * from a newer version cannot be interpreted and yields no labels (the caller backs it up first).
 */
export function labelsFromFile(stored: Readonly<Record<string, unknown>>): LabelsFromFile {
  const problems: string[] = [];
  const labels: LabelsByAccount = new Map();
  const version = stored['schemaVersion'];
  // `typeof version === 'number'` as true is equivalent, left to survive: isSafeInteger refuses
  // every other type.
  if (
    typeof version === 'number' &&
    Number.isSafeInteger(version) &&
    version > LABELS_SCHEMA_VERSION
  ) {
    problems.push(
      `The labels file was written by a newer version of Proxy Tray (labels version ${version}; this version knows up to ${LABELS_SCHEMA_VERSION}), so no labels could be read.`,
    );
    return { labels, problems };
  }
  if (version !== LABELS_SCHEMA_VERSION) {
    problems.push(
      'The labels file had a missing or unreadable version number; its labels were read as the current version.',
    );
  }
  for (const key of Object.keys(stored)) {
    if (key !== 'schemaVersion' && key !== 'labels') {
      problems.push(`The unknown entry “${short(key)}” of the labels file was removed.`);
    }
  }
  const byAccount = stored['labels'];
  if (byAccount === undefined) return { labels, problems };
  if (!isJsonObject(byAccount)) {
    problems.push('The labels file did not hold its labels as an object; none could be read.');
    return { labels, problems };
  }
  for (const [accountId, entries] of Object.entries(byAccount)) {
    if (!accountIdSchema.safeParse(accountId).success) {
      problems.push(
        `Labels stored under an invalid account id (“${short(accountId)}”) were removed.`,
      );
      continue;
    }
    if (!isJsonObject(entries)) {
      problems.push(
        `The labels of account “${short(accountId)}” were not an object and were removed.`,
      );
      continue;
    }
    const accountLabels = new Map<number, string>();
    for (const [proxyKey, label] of Object.entries(entries)) {
      const proxyId = proxyIdKeySchema.safeParse(proxyKey);
      const text = labelSchema.safeParse(label);
      if (!proxyId.success) {
        problems.push(
          `A label of account “${short(accountId)}” had an invalid proxy id (“${short(proxyKey)}”) and was removed.`,
        );
      } else if (!text.success || text.data === '') {
        // `issues[0].message` for `issues[0]?.message` is equivalent, left to survive: a failed
        // parse always has an issue.
        problems.push(
          `The label of proxy ${proxyId.data} of account “${short(accountId)}” was not valid and was removed: ${text.error?.issues[0]?.message ?? 'it was empty.'}`,
        );
      } else {
        accountLabels.set(proxyId.data, text.data);
      }
    }
    if (accountLabels.size > 0) labels.set(accountId, accountLabels);
  }
  return { labels, problems };
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
