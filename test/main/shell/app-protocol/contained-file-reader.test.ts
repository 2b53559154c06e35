import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileInside } from '../../../../src/main/shell/app-protocol/contained-file-reader';
import { BUILT_RENDERER_DIR, builtRendererFile } from './built-renderer';

describe('readFileInside', () => {
  let dir: string;
  let root: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'proxy-tray-app-protocol-'));
    root = join(dir, 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<p>page</p>');
    await writeFile(join(root, 'assets', 'app.js'), 'export {};');
    await writeFile(join(dir, 'secret.txt'), 'not for the page');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The file's text, or undefined when it is not served. */
  async function textOf(rootDir: string, file: string): Promise<string | undefined> {
    const bytes = await readFileInside(rootDir, file);
    return bytes && Buffer.from(bytes).toString('utf8');
  }

  /** Symbolic links need a privilege on Windows: those cases are for the platforms that have them. */
  async function link(target: string, path: string): Promise<boolean> {
    try {
      await symlink(target, path);
      return true;
    } catch (error) {
      if (process.platform === 'win32') return false;
      throw error;
    }
  }

  it('reads a file of the real build', async () => {
    const file = join(BUILT_RENDERER_DIR, 'index.html');
    expect(await textOf(BUILT_RENDERER_DIR, file)).toBe(
      builtRendererFile('index.html').toString('utf8'),
    );
  });

  it('reads files inside the root', async () => {
    expect(await textOf(root, join(root, 'assets', 'app.js'))).toBe('export {};');
  });

  it('refuses a file outside the root, a missing file, the root and a directory', async () => {
    expect(await readFileInside(root, join(dir, 'secret.txt'))).toBeUndefined();
    expect(await readFileInside(root, join(root, 'missing.js'))).toBeUndefined();
    expect(await readFileInside(root, root)).toBeUndefined();
    expect(await readFileInside(root, join(root, 'assets'))).toBeUndefined();
  });

  it('refuses a named pipe, which a read would wait on forever', async ({ skip }) => {
    if (process.platform === 'win32') skip();
    const pipe = join(root, 'pipe.js');
    execFileSync('mkfifo', [pipe]);
    const reading = readFileInside(root, pipe);
    const outcome = await Promise.race([reading, delay(2000, 'still waiting')]);
    if (outcome === 'still waiting') {
      // Free the stuck read: a writer that closes at once gives it end-of-file.
      await (await open(pipe, 'w')).close();
      await reading;
    }
    expect(outcome).toBeUndefined();
  });

  it('refuses a link inside the root that leads outside it', async ({ skip }) => {
    if (!(await link(join(dir, 'secret.txt'), join(root, 'assets', 'leak.js')))) skip();
    if (!(await link(dir, join(root, 'up')))) skip();
    expect(await readFileInside(root, join(root, 'assets', 'leak.js'))).toBeUndefined();
    expect(await readFileInside(root, join(root, 'up', 'secret.txt'))).toBeUndefined();
  });

  it('follows a link that stays inside, and a root reached through a link', async ({ skip }) => {
    if (!(await link(join(root, 'index.html'), join(root, 'alias.html')))) skip();
    if (!(await link(root, join(dir, 'linked-root')))) skip();
    expect(await textOf(root, join(root, 'alias.html'))).toBe('<p>page</p>');
    const linkedRoot = join(dir, 'linked-root');
    expect(await textOf(linkedRoot, join(linkedRoot, 'index.html'))).toBe('<p>page</p>');
  });
});
