import type { z } from 'zod';
import { isJsonObject } from './conf-file';
import { accountIdSchema } from './stored-ids';

/**
 * Reads `{ <account id>: [entries] }` from a file into `into`: each entry once (by `idOf`), bad
 * ones dropped and said in `problems` (`what` names the file: "The local ports file").
 */
export function readListsByAccount<Entry>(
  byAccount: unknown,
  into: Map<string, readonly Entry[]>,
  schema: z.ZodType<Entry>,
  idOf: (entry: Entry) => unknown,
  what: string,
  problems: string[],
): void {
  if (byAccount === undefined) return;
  if (!isJsonObject(byAccount)) {
    problems.push(`${what} held a part that was not an object; it was not read.`);
    return;
  }
  for (const [accountId, entries] of Object.entries(byAccount)) {
    if (!accountIdSchema.safeParse(accountId).success || !Array.isArray(entries)) {
      problems.push(`${what} held an account's entries that were not a list; they were removed.`);
      continue;
    }
    const kept: Entry[] = [];
    for (const entry of entries) {
      const parsed = schema.safeParse(entry);
      if (parsed.success && !kept.some((each) => idOf(each) === idOf(parsed.data))) {
        kept.push(parsed.data);
      } else {
        problems.push(`${what} held an entry that could not be read; it was removed.`);
      }
    }
    if (kept.length > 0) into.set(accountId, kept);
  }
}

/** A copy of the map with the account's entries replaced (an empty list removes the account). */
export function withEntries<Entry>(
  map: ReadonlyMap<string, readonly Entry[]>,
  accountId: string,
  entries: readonly Entry[],
): Map<string, readonly Entry[]> {
  const next = new Map(map);
  if (entries.length === 0) next.delete(accountId);
  else next.set(accountId, entries);
  return next;
}

/**
 * The map as the file keeps it, built without a prototype so that an account id such as
 * "__proto__" stays an ordinary key.
 */
export function storedByAccount<Entry>(
  map: ReadonlyMap<string, readonly Entry[]>,
): Record<string, Entry[]> {
  const out = Object.create(null) as Record<string, Entry[]>;
  for (const [accountId, entries] of map) out[accountId] = [...entries];
  return out;
}
