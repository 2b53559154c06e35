import fs from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCommandLink } from '../../../src/main/terminal-command/command-link-state';
import type { LinkFileSystem } from '../../../src/main/terminal-command/link-file-system';

let base = '';
beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-link-state-'));
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('readCommandLink', () => {
  it('reads a path under a file, where no folder can be, as absent', async () => {
    fs.writeFileSync(path.join(base, 'bin'), '');
    const linkPath = path.join(base, 'bin', 'proxy-tray');
    expect(
      await readCommandLink({ linkPath, targetPath: path.join(base, 'cmd') }, fsPromises),
    ).toEqual({ state: 'absent', linkPath });
  });

  it('fails with any other failure to look, rather than call the command absent', async () => {
    const unreadable = Object.assign(new Error('input/output error'), { code: 'EIO' });
    const fsThatCannotLook: LinkFileSystem = {
      ...fsPromises,
      lstat: (() => Promise.reject(unreadable)) as LinkFileSystem['lstat'],
    };
    const place = { linkPath: path.join(base, 'proxy-tray'), targetPath: path.join(base, 'cmd') };
    await expect(readCommandLink(place, fsThatCannotLook)).rejects.toBe(unreadable);
  });

  it("knows a link to exactly this app's command as its own, even while the command is missing", async () => {
    // An app being updated in place, or a build without its command: the link is still ours.
    const linkPath = path.join(base, 'proxy-tray');
    const targetPath = path.join(base, 'Proxy Tray.app', 'bin', 'proxy-tray');
    fs.symlinkSync(targetPath, linkPath);
    expect(await readCommandLink({ linkPath, targetPath }, fsPromises)).toEqual({
      state: 'installed',
      linkPath,
    });
  });
});
