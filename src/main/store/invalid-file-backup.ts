import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files';
import { StoreError, fileErrorReason } from './store-error';

/**
 * Keeps the exact bytes of a file that is about to be replaced because it could not be read
 * as-is: `<name>.invalid-<time>.json` beside it. The time is ISO 8601 with `-` for `:`, which
 * Windows does not allow in file names. The copy is flushed to disk before the caller replaces
 * the original, so a crash in between loses neither.
 */
export function backUpInvalidFile(filePath: string, bytes: Uint8Array, now: Date): string {
  const { dir, name } = path.parse(filePath);
  const stamp = now.toISOString().replaceAll(':', '-');
  for (let attempt = 1; ; attempt += 1) {
    const suffix = attempt === 1 ? '' : `-${attempt}`;
    const backupPath = path.join(dir, `${name}.invalid-${stamp}${suffix}.json`);
    try {
      writeNewFileDurably(backupPath, bytes);
      return backupPath;
    } catch (error) {
      // Equivalent mutants here are left to survive (a disable comment would hide the killed ones
      // on `attempt < 100` too): fs throws only Errors with a code, and any other failure fails
      // alike for every name, so retrying it ends in the same report.
      if (error instanceof Error && 'code' in error && error.code === 'EEXIST' && attempt < 100) {
        continue;
      }
      throw new StoreError(
        'storage',
        `A copy of the damaged file ${filePath} could not be saved (${fileErrorReason(error)}), so it was left untouched. Check that its folder is writable, then restart Proxy Tray.`,
      );
    }
  }
}

/** Created private: the copy holds what the store did (local passwords, accounts). */
function writeNewFileDurably(filePath: string, bytes: Uint8Array): void {
  const fd = fs.openSync(filePath, 'wx', PRIVATE_FILE_MODE);
  try {
    fs.writeFileSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
