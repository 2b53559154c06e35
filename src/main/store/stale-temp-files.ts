import fs from 'node:fs';
import path from 'node:path';

/**
 * conf writes a store through `atomically`: the whole content goes to `<file>.tmp-<time><random>`
 * beside the file, then is renamed over it. A process killed between the two leaves the temp file
 * behind (about one kill in two, in the crash tests), and nothing else ever removes it.
 */
export const TEMP_FILE_INFIX = '.tmp-';

/**
 * Another instance (a second app started while this one quits, the demo beside the app) may be
 * writing the same store right now: its temp file is younger than this, and a write takes
 * milliseconds, so anything older is a leftover.
 */
export const STALE_TEMP_FILE_AGE_MS = 60_000;

export interface SweepOptions {
  /**
   * False when no other running instance uses the folder (folder-in-use.ts): then no temp file
   * can be in the middle of a write, and all are removed whatever their age. True by default:
   * only those older than a minute go.
   */
  readonly anotherInstanceMayWrite?: boolean;
  readonly now?: number;
}

/**
 * Removes the leftover temp files of the store at `storePath` (only those named after it, e.g.
 * `labels.json.tmp-*`, never another store's): all of them, or only those older than a minute
 * when another instance may be writing. Best effort: a leftover that cannot be listed or removed
 * is only untidy, and must never keep the store from opening. Returns the names removed.
 */
export function sweepStaleTempFiles(storePath: string, options: SweepOptions = {}): string[] {
  const { anotherInstanceMayWrite = true, now = Date.now() } = options;
  const dir = path.dirname(storePath);
  const prefix = `${path.basename(storePath)}${TEMP_FILE_INFIX}`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const file = path.join(dir, name);
    try {
      const stats = fs.lstatSync(file);
      // A symlink or folder of that name is not something conf wrote: leave it.
      if (!stats.isFile()) continue;
      if (anotherInstanceMayWrite && now - stats.mtimeMs < STALE_TEMP_FILE_AGE_MS) continue;
      fs.unlinkSync(file);
      removed.push(name);
    } catch {
      // Gone already (another instance swept it), or not ours to remove: either way, move on.
    }
  }
  return removed;
}
