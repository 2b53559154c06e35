import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files';

/**
 * Which running instances use a data folder: each one keeps an empty marker file,
 * `.in-use-by-<pid>@<host>`, in the folder while it runs. Opening a store asks whether another
 * live instance has one: if none does, nobody else can be halfway through a write, and every
 * leftover temp file can go (stale-temp-files.ts).
 *
 * Why markers rather than one exclusive lock file (`proper-lockfile`, or `open(…, 'wx')` with the
 * holder's pid): instances may share a folder (the demo beside a development run, a second app
 * started while the first quits), so the question is "is anyone else here", not "may I enter". With
 * one marker per instance there is nothing to take over from a crashed holder, hence no race
 * between two instances taking over at once; a marker is announced before others are looked for,
 * so two instances starting together each see the other. proper-lockfile answers the other
 * question, needs a timer refreshing the lock's mtime, and is not a dependency of the app.
 * Electron's `requestSingleInstanceLock` does hold the app's folder, but the demo's and the
 * preview's folders have no such lock, and the kit serves them all.
 */
export const IN_USE_MARKER_PREFIX = '.in-use-by-';

/** Markers this process made, removed when it exits (a crash leaves them: see otherLiveUser). */
const ownMarkers = new Set<string>();

/**
 * Marks `dir` as used by this process until it exits. Cheap enough to call at every store's open:
 * the marker is (re)made each time, so a folder emptied meanwhile (`--fresh`) is marked again.
 * Best effort: a folder that refuses the marker refuses the store's writes too.
 */
export function markFolderInUse(dir: string): void {
  const marker = path.join(dir, ownMarkerName());
  try {
    // Stryker disable BlockStatement: emptying the catch below only remembers a marker that was not made, for a removal at exit that fails quietly
    fs.closeSync(fs.openSync(marker, 'a', PRIVATE_FILE_MODE));
  } catch {
    return;
  }
  // Stryker restore BlockStatement
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: runs as the process ends; folder-in-use.test.ts proves it with a real instance that quits (its marker goes), a process the mutation run's switch does not reach
  if (ownMarkers.size === 0) process.once('exit', removeOwnMarkers);
  ownMarkers.add(marker);
}

/**
 * Whether another instance that is still running uses `dir`. Markers of instances that are gone
 * (killed, crashed) are removed on the way. This process's own marker does not count: its writes
 * are synchronous, so none is halfway through while a store opens.
 *
 * Errs towards "in use", which only delays the sweep by a minute: a pid reused by an unrelated
 * process counts as live, and so does an instance on another host (a home folder on a network
 * share), whose processes cannot be asked.
 */
export function inUseByAnotherInstance(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return false;
  }
  const own = ownMarkerName();
  let inUse = false;
  for (const name of names) {
    if (name === own) continue;
    const user = markerUser(name);
    if (user === undefined) continue;
    if (user.host !== hostTag() || isRunning(user.pid)) inUse = true;
    else removeQuietly(path.join(dir, name));
  }
  return inUse;
}

function ownMarkerName(): string {
  return `${IN_USE_MARKER_PREFIX}${process.pid}@${hostTag()}`;
}

function markerUser(name: string): { pid: number; host: string } | undefined {
  if (!name.startsWith(IN_USE_MARKER_PREFIX)) return undefined;
  const match = /^(\d{1,10})@(.+)$/.exec(name.slice(IN_USE_MARKER_PREFIX.length));
  const pid = Number(match?.[1]);
  // Stryker disable next-line LogicalOperator: ten digits at most are always a safe integer, and no match gives NaN, which either side refuses
  if (!match?.[2] || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { pid, host: match[2] };
}

/** The host name as it can stand in a file name on every system. */
function hostTag(): string {
  return os.hostname().replaceAll(/[^A-Za-z0-9.-]/g, '_') || 'localhost';
}

/** Signal 0 checks that the process exists without touching it; EPERM: it exists, not ours. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

// Stryker disable next-line BlockStatement: runs as the process ends, proved by a real instance that quits (see the exit handler above)
function removeOwnMarkers(): void {
  for (const marker of ownMarkers) removeQuietly(marker);
  ownMarkers.clear();
}

function removeQuietly(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch {
    // Removed already (its folder too, or another instance swept it): nothing left to do.
  }
}
