import fs from 'node:fs';

/**
 * The stores hold what other users of the computer must not read: `local-ports.json` keeps the
 * passwords of the local ports, the settings name the accounts. Every store file, its backups and
 * the temp files of its writes are the user's alone, and so is the folder that holds them (which
 * also keeps out the log and the browser profiles beside them).
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** The permission bits that let the group or others in. */
const GROUP_AND_OTHER_BITS = 0o077;

/** What the privacy check needs of `lstat` or `fstat`: a fake one stands for another user's. */
export interface EntryStat {
  isDirectory(): boolean;
  isFile(): boolean;
  isSymbolicLink(): boolean;
  uid: number;
  mode: number;
}

/**
 * Why a folder or file made to hold secrets must not be trusted, or undefined when it is `uid`'s
 * alone: a link (to someone else's, maybe), not the kind expected, another user's, or open to the
 * group or others. Said as the end of a sentence that names it. Another local user is the attacker
 * here: where they can write (/tmp), they can make the entry first.
 */
export function privacyProblem(
  stat: EntryStat,
  uid: number,
  kind: 'folder' | 'file',
): string | undefined {
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  if (!(kind === 'folder' ? stat.isDirectory() : stat.isFile())) return `is not a ${kind}`;
  if (stat.uid !== uid) return 'belongs to another user';
  if ((stat.mode & GROUP_AND_OTHER_BITS) !== 0) {
    const access = kind === 'folder' ? 'opened' : 'read';
    return `can be ${access} by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  }
  return undefined;
}

/**
 * Creates the data folder (and any missing parent) for the user alone, and tightens it when it
 * exists already and lets others in (made by an older version, by hand, or by a library that does
 * not pass a mode, as conf does when it creates its folder). Throws when the folder cannot be made.
 */
export function makePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  tightenToPrivate(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Sets `mode` on an existing file or folder whose mode lets the group or others in; one that is
 * private already (0600, or stricter such as 0400) is left as it is, and a missing one is fine.
 *
 * POSIX only: on Windows, Node's chmod can only toggle the read-only flag, and the data folder
 * lies in the user's profile, whose ACLs already keep other users out.
 *
 * Best effort: a file system without modes (FAT, some network shares) or a file of another user
 * refuses, and the app must still start there, as it did before; the writes themselves then fail
 * with a storage error where it matters.
 */
export function tightenToPrivate(target: string, mode: number): void {
  // Stryker disable next-line ConditionalExpression,StringLiteral: Windows only; on the POSIX systems where modes are read, and the tests run, the guard is never true
  if (process.platform === 'win32') return;
  try {
    const stats = fs.statSync(target);
    if ((stats.mode & GROUP_AND_OTHER_BITS) !== 0) fs.chmodSync(target, mode);
  } catch {
    // Missing (nothing to protect yet) or not ours to change: see above.
  }
}
