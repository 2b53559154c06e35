import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_GLUE } from '../../vitest.config';

const root = resolve(import.meta.dirname, '../..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true, recursive: true });
  return (
    entries
      .filter(
        (entry) =>
          entry.isFile() && /\.(ts|svelte)$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
      )
      // Forward slashes on every OS, as ELECTRON_GLUE lists them.
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  );
}

/**
 * A run-time import of electron, or of electron-log/main, which imports it (`import type` is
 * erased and loads nothing).
 */
const IMPORTS_ELECTRON = /^import\s+(?!type\s)[^;]*?from\s+'electron(?:-log\/main)?';/m;

describe('Electron stays in the glue', () => {
  it('exactly the listed glue files import electron or electron-log/main, and nothing in src/shared or src/renderer does', async () => {
    const files = [
      ...(await sourceFiles('src/main')),
      ...(await sourceFiles('src/preload')),
      ...(await sourceFiles('src/shared')),
      ...(await sourceFiles('src/renderer')),
    ];
    const importing: string[] = [];
    for (const file of files) {
      if (IMPORTS_ELECTRON.test(await readFile(join(root, file), 'utf8'))) importing.push(file);
    }
    const listed = ELECTRON_GLUE.flatMap((pattern) =>
      pattern.endsWith('/**')
        ? files.filter((file) => file.startsWith(pattern.slice(0, -2)))
        : [pattern],
    );
    expect(importing.sort()).toEqual(listed.sort());
  });
});
