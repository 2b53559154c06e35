import { writeFile } from 'node:fs/promises';
import { UserFacingError } from '../errors/user-facing-error';

/**
 * Writes an export where the user chose. Readable by its owner only (on systems with modes): the
 * file holds passwords. A failure is told as what the user can act on, never as a stack.
 * The mode applies to a new file; a file the user chose to replace keeps the mode it had, and
 * the folder is the user's choice too: unlike the data folder, neither is tightened here.
 */
export async function writeExportFile(path: string, content: string): Promise<void> {
  try {
    await writeFile(path, content, { encoding: 'utf8', mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserFacingError(
      'storage',
      `The file could not be saved: ${saveFailureReason(code)}.`,
    );
  }
}

/** A file system error code in words a user can act on. */
export function saveFailureReason(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'you may not write there';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOENT':
      return 'its folder does not exist';
    case 'EISDIR':
      return 'a folder has that name';
    case 'EROFS':
      return 'that disk is read-only';
    default:
      return code ? `the system said ${code}` : 'the system refused';
  }
}
