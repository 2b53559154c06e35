import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join, relative, resolve, isAbsolute, sep } from 'node:path';

/** Throwaway profiles start with this; kept ones with `KEPT`. */
const FRESH = 'fresh-';
const KEPT = 'kept-';

/**
 * The folder-name part for a proxy: its name (a label or `host:port`, never credentials) reduced
 * to letters, digits, `_` and `-`, so that no name can climb out of the parent folder (`..`, `/`,
 * `\`, a drive letter) or hit a name Windows reserves; a hash of the whole name keeps two names
 * that reduce alike (`a/b`, `a:b`) apart.
 */
export function profileSlug(proxyName: string): string {
  const readable =
    proxyName
      .normalize('NFKC')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^[_-]+|[_-]+$/g, '')
      // Short: Chromium's profile paths are deep, and Windows paths stop at 260 characters.
      .slice(0, 40) || 'proxy';
  const hash = createHash('sha256').update(proxyName).digest('hex').slice(0, 8);
  return `${readable}-${hash}`;
}

/**
 * A profile folder under `parentDir`: a new empty one each time, or, with `keep`, the same one
 * for the same proxy name every time (so logins and settings made in it last). Only this account
 * may read it: it holds the browsing data.
 */
export async function createProfileFolder(
  parentDir: string,
  proxyName: string,
  keep: boolean,
): Promise<string> {
  const parent = resolve(parentDir);
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const dir = keep
    ? join(parent, `${KEPT}${profileSlug(proxyName)}`)
    : await mkdtemp(join(parent, `${FRESH}${profileSlug(proxyName)}-`));
  assertDirectChild(parent, dir);
  if (keep) await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The folder a kept profile for `proxyName` lives in (whether or not it exists yet). */
export function keptProfileFolder(parentDir: string, proxyName: string): string {
  return join(resolve(parentDir), `${KEPT}${profileSlug(proxyName)}`);
}

/**
 * Removes a profile, retrying while the browser's last processes let go of its files (Windows
 * refuses to delete open files). False when it could not be removed.
 */
export async function removeProfileFolder(dir: string): Promise<boolean> {
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes throwaway profiles left by an earlier run that ended before its browsers did (a crash,
 * a forced quit), except those in `inUse`. Call it at start-up, before any launch: a browser
 * still open from that earlier run would lose its profile under it.
 */
export async function removeStaleProfiles(
  parentDir: string,
  inUse: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const parent = resolve(parentDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  const stale = names
    .filter((name) => name.startsWith(FRESH))
    .map((name) => join(parent, name))
    .filter((dir) => !inUse.has(dir));
  const removed: string[] = [];
  for (const dir of stale) if (await removeProfileFolder(dir)) removed.push(dir);
  return removed;
}

/** A last guard, whatever the name was: the profile is a folder directly inside the parent. */
function assertDirectChild(parent: string, dir: string): void {
  const rel = relative(parent, dir);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.includes(sep)) {
    throw new Error(`A profile folder must be directly inside ${parent}.`);
  }
}
