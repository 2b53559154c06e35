import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveFailureReason, writeExportFile } from '../../../src/main/export/write-export-file';
import { UserFacingError } from '../../../src/main/errors/user-facing-error';
import { useTempDir } from '../store/temp-store-dir';

const dir = useTempDir();

async function failureOf(path: string): Promise<UserFacingError> {
  const error = await writeExportFile(path, 'secret-password').then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof UserFacingError))
    throw new Error(`Expected a UserFacingError, got ${String(error)}`);
  return error;
}

describe('writeExportFile', () => {
  it('writes the content, replacing a file the user chose to overwrite', async () => {
    const path = join(dir(), 'plan.csv');
    await writeFile(path, 'old and longer content');
    await writeExportFile(path, 'a,b\r\n');
    expect(await readFile(path, 'utf8')).toBe('a,b\r\n');
  });

  it('says in words why a file could not be written, without its content', async () => {
    const missing = await failureOf(join(dir(), 'no-such-folder', 'plan.csv'));
    expect(missing).toMatchObject({
      kind: 'storage',
      message: 'The file could not be saved: its folder does not exist.',
    });
    await mkdir(join(dir(), 'taken.csv'));
    expect((await failureOf(join(dir(), 'taken.csv'))).message).toBe(
      'The file could not be saved: a folder has that name.',
    );
    const underAFile = await failureOf(join(dir(), 'taken.csv', 'x', 'y'));
    expect(underAFile.message).toMatch(/^The file could not be saved: /);
    for (const error of [missing, underAFile]) expect(error.message).not.toContain('secret');
  });

  it('names the common refusals, and quotes any other code', () => {
    expect(
      ['EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EMFILE', undefined].map(saveFailureReason),
    ).toEqual([
      'you may not write there',
      'you may not write there',
      'the disk is full',
      'that disk is read-only',
      'the system said EMFILE',
      'the system refused',
    ]);
  });
});
