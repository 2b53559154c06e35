import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureSocketFolder, folderProblem } from '../../../src/main/command-line/socket-folder';
import type { EntryStat } from '../../../src/main/store/private-files';

const uid = process.getuid?.() ?? 0;
let base = '';
beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-folder-'));
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function stat(overrides: Partial<EntryStat>): EntryStat {
  return {
    isDirectory: () => true,
    isFile: () => false,
    isSymbolicLink: () => false,
    uid,
    mode: 0o40700,
    ...overrides,
  };
}

describe.skipIf(process.platform === 'win32')('ensureSocketFolder', () => {
  it('makes the folder private (0700) and missing parents too', () => {
    const socket = path.join(base, 'runtime', 'proxy-tray', 'abc.sock');
    ensureSocketFolder(socket, process.platform);
    const made = fs.lstatSync(path.dirname(socket));
    expect(made.isDirectory()).toBe(true);
    expect(made.mode & 0o777).toBe(0o700);
    // Again: an existing private folder is fine.
    expect(() => ensureSocketFolder(socket, process.platform)).not.toThrow();
  });

  it('refuses a folder others can open, and leaves its mode alone', () => {
    const folder = path.join(base, 'proxy-tray');
    fs.mkdirSync(folder, { mode: 0o755 });
    fs.chmodSync(folder, 0o755);
    expect(() => ensureSocketFolder(path.join(folder, 'a.sock'), process.platform)).toThrow(
      `Proxy Tray's command-line folder ${folder} can be opened by other users (mode 755) and is not private to you: remove it, then try again.`,
    );
    expect(fs.lstatSync(folder).mode & 0o777).toBe(0o755);
  });

  it('refuses a symbolic link, even to a private folder', () => {
    const target = path.join(base, 'elsewhere');
    fs.mkdirSync(target, { mode: 0o700 });
    const folder = path.join(base, 'proxy-tray');
    fs.symlinkSync(target, folder);
    expect(() => ensureSocketFolder(path.join(folder, 'a.sock'), process.platform)).toThrow(
      /is a symbolic link and is not private to you: remove it/,
    );
  });

  it('refuses a file in the folder’s place', () => {
    const folder = path.join(base, 'proxy-tray');
    fs.writeFileSync(folder, '');
    expect(() => ensureSocketFolder(path.join(folder, 'a.sock'), process.platform)).toThrow(
      /is not a folder and is not private to you/,
    );
  });
});

describe('folderProblem', () => {
  it('a private folder of this user is fine', () => {
    expect(folderProblem('/tmp/pt', stat({}), uid)).toBeUndefined();
  });

  it('another user’s folder is refused, private or not (they could read every request)', () => {
    expect(folderProblem('/tmp/pt', stat({ uid: uid + 1 }), uid)).toBe(
      '/tmp/pt belongs to another user and is not private to you: remove it, then try again.',
    );
  });

  it('a group or other bit is enough to refuse', () => {
    for (const mode of [0o40710, 0o40701, 0o40770]) {
      expect(folderProblem('/tmp/pt', stat({ mode }), uid)).toMatch(/can be opened by other users/);
    }
  });

  it('a Windows pipe has no folder to check', () => {
    expect(() => ensureSocketFolder('\\\\.\\pipe\\proxy-tray-x', 'win32')).not.toThrow();
  });
});
