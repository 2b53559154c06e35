import fs from 'node:fs';
import { afterEach, beforeEach } from 'vitest';

/**
 * Modes are POSIX: Windows keeps the data folder private through the ACLs of the user's profile,
 * and its modes say nothing. Tests that read modes run everywhere else, with this in their title.
 */
export const ON_WINDOWS = process.platform === 'win32';
export const POSIX_ONLY = '(POSIX modes; not on Windows, whose profile ACLs keep other users out)';

/** The permission bits of a file or folder, e.g. 0o600. */
export function modeOf(target: string): number {
  return fs.statSync(target).mode & 0o777;
}

/**
 * Runs each test of the file under umask 000: a file created without a private mode is then
 * world-readable, not saved by the usual 022, so any group or other bit the code asks for shows.
 */
export function useOpenUmask(): void {
  let previous: number | undefined;
  beforeEach(() => {
    previous = process.umask(0);
  });
  afterEach(() => {
    if (previous !== undefined) process.umask(previous);
    previous = undefined;
  });
}
