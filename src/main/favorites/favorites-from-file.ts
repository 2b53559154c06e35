import { MAX_PINNED, MAX_RECENT } from '../../shared/favorites/favorite-limits';
import { accountIdSchema, proxyIdSchema } from '../store/stored-ids';
import { isJsonObject } from '../store/conf-file';
import type { ReadFromFile } from '../store/recoverable-file';

/**
 * The file: `{ schemaVersion, favorites: { <account id>: { pinned: [ids], recent: [ids] } } }`,
 * pinned in the order they were pinned, recent most recent first.
 */
export const FAVORITES_SCHEMA_VERSION = 1;

export interface AccountFavorites {
  readonly pinned: readonly number[];
  readonly recent: readonly number[];
}

export type FavoritesByAccount = Map<string, AccountFavorites>;

/**
 * Reads a stored favorites object, keeping every valid id: a bad entry costs only itself. A file
 * from a newer version cannot be interpreted and yields nothing (the caller backs it up first).
 */
export function favoritesFromFile(
  stored: Readonly<Record<string, unknown>>,
): ReadFromFile<FavoritesByAccount> {
  const problems: string[] = [];
  const content: FavoritesByAccount = new Map();
  const version = stored['schemaVersion'];
  if (typeof version === 'number' && version > FAVORITES_SCHEMA_VERSION) {
    problems.push(
      `The pinned and recent proxies file was written by a newer version of Proxy Tray (version ${version}), so nothing could be read from it.`,
    );
    return { content, problems };
  }
  if (version !== FAVORITES_SCHEMA_VERSION) {
    problems.push('The pinned and recent proxies file had a missing or unreadable version number.');
  }
  for (const key of Object.keys(stored)) {
    if (key !== 'schemaVersion' && key !== 'favorites') {
      problems.push(
        `The unknown entry “${short(key)}” of the pinned and recent proxies file was removed.`,
      );
    }
  }
  const byAccount = stored['favorites'];
  if (byAccount === undefined) return { content, problems };
  if (!isJsonObject(byAccount)) {
    problems.push('The pinned and recent proxies file did not hold an object; nothing was read.');
    return { content, problems };
  }
  for (const [accountId, entry] of Object.entries(byAccount)) {
    if (!accountIdSchema.safeParse(accountId).success || !isJsonObject(entry)) {
      problems.push(`The pinned and recent proxies of account “${short(accountId)}” were removed.`);
      continue;
    }
    const where = `of account “${short(accountId)}”`;
    const favorites = {
      pinned: idsOf(entry['pinned'], MAX_PINNED, `The pinned proxies ${where}`, problems),
      recent: idsOf(entry['recent'], MAX_RECENT, `The recent proxies ${where}`, problems),
    };
    for (const key of Object.keys(entry)) {
      if (key !== 'pinned' && key !== 'recent') {
        problems.push(`The unknown entry “${short(key)}” ${where} was removed.`);
      }
    }
    if (favorites.pinned.length > 0 || favorites.recent.length > 0) {
      content.set(accountId, favorites);
    }
  }
  return { content, problems };
}

/** The valid ids of a list, each once, in order, at most `max`; a missing list is empty. */
function idsOf(value: unknown, max: number, what: string, problems: string[]): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push(`${what} were not a list and were removed.`);
    return [];
  }
  const ids: number[] = [];
  let dropped = 0;
  for (const item of value) {
    const id = proxyIdSchema.safeParse(item);
    if (id.success && !ids.includes(id.data) && ids.length < max) ids.push(id.data);
    else dropped += 1;
  }
  if (dropped > 0) {
    problems.push(
      `${what} held ${dropped === 1 ? 'an entry' : `${dropped} entries`} that could not be kept (not a proxy id, a repeat, or over ${max}).`,
    );
  }
  return ids;
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
