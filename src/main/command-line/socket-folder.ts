import fs from 'node:fs';
import path from 'node:path';
import { privacyProblem, type EntryStat } from '../store/private-files';

/**
 * Why the socket's folder must not be used, or undefined when it is private to `uid`. Another
 * local user is the attacker here: in /tmp they can make the folder first, or a symlink to theirs,
 * and read every request (and token) sent to a socket inside it.
 */
export function folderProblem(folder: string, stat: EntryStat, uid: number): string | undefined {
  const problem = privacyProblem(stat, uid, 'folder');
  return problem && `${folder} ${problem} and is not private to you: remove it, then try again.`;
}

/**
 * Makes the folder of a Unix socket (mode 0700) and verifies it with lstat before use; throws a
 * sentence the user can act on when it is not private. Nothing to do for a Windows pipe.
 */
export function ensureSocketFolder(socketPath: string, platform: NodeJS.Platform): void {
  if (platform === 'win32') return;
  const folder = path.dirname(socketPath);
  // No `recursive` for the folder itself: an existing one is verified below, never chmod-ed into
  // shape (it may be someone else's). Parents (XDG_RUNTIME_DIR, a test's base) are made if missing.
  fs.mkdirSync(path.dirname(folder), { recursive: true, mode: 0o700 });
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!socketFolderIsPrivate(socketPath, platform)) {
    throw new Error(`${folder} vanished as it was made: try again.`);
  }
}

/**
 * Before a client sends anything to a socket: false when its folder does not exist (nobody
 * serves it), true when it is private to this user, and a thrown sentence when it is not — an
 * impostor's socket would receive every request (and a token signing in).
 */
export function socketFolderIsPrivate(socketPath: string, platform: NodeJS.Platform): boolean {
  if (platform === 'win32') return true;
  const folder = path.dirname(socketPath);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const problem = folderProblem(folder, stat, process.getuid?.() ?? -1);
  if (problem) throw new Error(`Proxy Tray's command-line folder ${problem}`);
  return true;
}
