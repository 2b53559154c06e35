import * as fs from 'node:fs/promises';

/**
 * The file operations the command's link needs: node's own in the app. Tests wrap them to play a
 * folder only an administrator may write to, which a test run as root cannot make for real.
 */
export type LinkFileSystem = Pick<
  typeof fs,
  'lstat' | 'readlink' | 'realpath' | 'mkdir' | 'symlink' | 'rename' | 'unlink'
>;

export const nodeLinkFileSystem: LinkFileSystem = fs;

/** The system said no to this user (a folder owned by root): an administrator may do it. */
export function isPermissionDenied(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM';
}
