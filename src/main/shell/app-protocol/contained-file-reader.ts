import { readFile, realpath, stat } from 'node:fs/promises';
import { isInside } from './app-protocol-paths';

/** Reads `file` if it is a regular file inside `rootDir`; undefined otherwise. */
export type ContainedFileReader = (
  rootDir: string,
  file: string,
) => Promise<Uint8Array<ArrayBuffer> | undefined>;

/**
 * Reads a file of the built renderer, after following symbolic links: a link inside the
 * directory that points outside it is refused like `..` would be. Only regular files are
 * served: not directories, nor devices or named pipes, which a read could wait on forever.
 * Works inside app.asar too: Electron's fs answers realpath, stat and readFile there.
 */
export const readFileInside: ContainedFileReader = async (rootDir, file) => {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(rootDir), realpath(file)]);
    if (!isInside(realRoot, realFile)) return undefined;
    if (!(await stat(realFile)).isFile()) return undefined;
    return await readFile(realFile);
  } catch {
    // Missing or unreadable: the page gets a 404 either way, and no path or reason.
    return undefined;
  }
};
