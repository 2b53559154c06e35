import { z } from 'zod';
import { HOST_CHOICE_IDS, type HostChoice } from '../../shared/credentials/host-choices';
import { accountIdSchema } from '../store/stored-ids';
import { isJsonObject } from '../store/conf-file';

/** The file: `{ schemaVersion, hostChoices: { <account id>: { <plan id>: "entry" | "ipv4" | "ipv6" } } }`. */
export const HOST_CHOICES_SCHEMA_VERSION = 1;

export type HostChoicesByAccount = Map<string, Map<number, HostChoice>>;

/** A plan id as a JSON object key: the canonical decimal form of a positive integer. */
const planIdKeySchema = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .transform(Number)
  .pipe(z.int().positive().max(Number.MAX_SAFE_INTEGER));
const hostChoiceSchema = z.enum(HOST_CHOICE_IDS);

export interface HostChoicesFromFile {
  readonly choices: HostChoicesByAccount;
  /** Plain sentences; empty when the file was fine. Any problem means the file must be backed up. */
  readonly problems: string[];
}

/**
 * Reads a stored host-choices object, keeping every valid entry: a bad one costs only itself. A
 * file from a newer version cannot be interpreted and yields none (the caller backs it up first).
 */
export function hostChoicesFromFile(
  stored: Readonly<Record<string, unknown>>,
): HostChoicesFromFile {
  const problems: string[] = [];
  const choices: HostChoicesByAccount = new Map();
  const version = stored['schemaVersion'];
  if (typeof version === 'number' && version > HOST_CHOICES_SCHEMA_VERSION) {
    problems.push(
      `The host choices file was written by a newer version of Proxy Tray (version ${version}), so no host choice could be read.`,
    );
    return { choices, problems };
  }
  if (version !== HOST_CHOICES_SCHEMA_VERSION) {
    problems.push('The host choices file had a missing or unreadable version number.');
  }
  for (const key of Object.keys(stored)) {
    if (key !== 'schemaVersion' && key !== 'hostChoices') {
      problems.push(`The unknown entry “${short(key)}” of the host choices file was removed.`);
    }
  }
  const byAccount = stored['hostChoices'];
  if (byAccount === undefined) return { choices, problems };
  if (!isJsonObject(byAccount)) {
    problems.push('The host choices file did not hold its choices as an object; none was read.');
    return { choices, problems };
  }
  for (const [accountId, entries] of Object.entries(byAccount)) {
    if (!accountIdSchema.safeParse(accountId).success || !isJsonObject(entries)) {
      problems.push(`The host choices of account “${short(accountId)}” could not be read.`);
      continue;
    }
    const accountChoices = new Map<number, HostChoice>();
    for (const [planKey, choice] of Object.entries(entries)) {
      const planId = planIdKeySchema.safeParse(planKey);
      const parsed = hostChoiceSchema.safeParse(choice);
      if (planId.success && parsed.success) accountChoices.set(planId.data, parsed.data);
      else {
        problems.push(
          `A host choice of account “${short(accountId)}” (plan “${short(planKey)}”) was not valid and was removed.`,
        );
      }
    }
    if (accountChoices.size > 0) choices.set(accountId, accountChoices);
  }
  return { choices, problems };
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
