import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  makePrivateFolder,
  privacyProblem,
  tightenToPrivate,
} from '../../../src/main/store/private-files';
import { ON_WINDOWS, POSIX_ONLY, modeOf, useOpenUmask } from './private-modes';
import { useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
useOpenUmask();

describe.skipIf(ON_WINDOWS)(`private data folders and files ${POSIX_ONLY}`, () => {
  it('makes a missing folder, and its missing parents, 0700', () => {
    const parent = path.join(tempDir(), 'parent');
    const dir = path.join(parent, 'data');
    makePrivateFolder(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(parent)).toBe(0o700);
  });

  it('tightens an existing folder that lets the group or others in to 0700', () => {
    for (const wide of [0o755, 0o750, 0o701, 0o777]) {
      const dir = path.join(tempDir(), `data-${wide.toString(8)}`);
      fs.mkdirSync(dir, { mode: wide });
      makePrivateFolder(dir);
      expect(modeOf(dir), wide.toString(8)).toBe(0o700);
    }
  });

  it('tightens a store file that others may read or write to 0600', () => {
    for (const wide of [0o644, 0o640, 0o604, 0o666, 0o620]) {
      const file = path.join(tempDir(), `store-${wide.toString(8)}.json`);
      fs.writeFileSync(file, '{}', { mode: wide });
      tightenToPrivate(file, 0o600);
      expect(modeOf(file), wide.toString(8)).toBe(0o600);
    }
  });

  it('leaves a file that is private already as it is, stricter ones included', () => {
    const file = path.join(tempDir(), 'read-only.json');
    fs.writeFileSync(file, '{}', { mode: 0o400 });
    tightenToPrivate(file, 0o600);
    expect(modeOf(file)).toBe(0o400);
  });

  it('does nothing, and does not fail, for a file that does not exist yet', () => {
    const file = path.join(tempDir(), 'missing.json');
    expect(() => tightenToPrivate(file, 0o600)).not.toThrow();
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe.skipIf(ON_WINDOWS)(
  `why a folder or file made to hold secrets is not trusted ${POSIX_ONLY}`,
  () => {
    const uid = process.getuid?.() ?? -1;
    const folder = (mode: number) => {
      const dir = path.join(tempDir(), `folder-${mode.toString(8)}`);
      fs.mkdirSync(dir, { mode });
      return fs.lstatSync(dir);
    };
    const file = (mode: number) => {
      const target = path.join(tempDir(), `file-${mode.toString(8)}`);
      fs.writeFileSync(target, 'secret', { mode });
      return fs.lstatSync(target);
    };

    it('trusts a folder and a file that are the user’s alone, stricter ones included', () => {
      expect(privacyProblem(folder(0o700), uid, 'folder')).toBeUndefined();
      expect(privacyProblem(folder(0o500), uid, 'folder')).toBeUndefined();
      expect(privacyProblem(file(0o600), uid, 'file')).toBeUndefined();
      expect(privacyProblem(file(0o400), uid, 'file')).toBeUndefined();
    });

    it('says a folder can be opened, a file read, by other users, with its mode', () => {
      expect(privacyProblem(folder(0o750), uid, 'folder')).toBe(
        'can be opened by other users (mode 750)',
      );
      expect(privacyProblem(folder(0o701), uid, 'folder')).toBe(
        'can be opened by other users (mode 701)',
      );
      expect(privacyProblem(file(0o640), uid, 'file')).toBe(
        'can be read by other users (mode 640)',
      );
      expect(privacyProblem(file(0o602), uid, 'file')).toBe(
        'can be read by other users (mode 602)',
      );
    });

    it('refuses what is not the kind expected', () => {
      expect(privacyProblem(file(0o600), uid, 'folder')).toBe('is not a folder');
      expect(privacyProblem(folder(0o700), uid, 'file')).toBe('is not a file');
    });

    it('refuses a symbolic link, even to a private folder of the user', () => {
      const link = path.join(tempDir(), 'link');
      fs.symlinkSync(path.join(tempDir(), 'elsewhere'), link);
      fs.mkdirSync(path.join(tempDir(), 'elsewhere'), { mode: 0o700 });
      expect(privacyProblem(fs.lstatSync(link), uid, 'folder')).toBe('is a symbolic link');
      expect(privacyProblem(fs.lstatSync(link), uid, 'file')).toBe('is a symbolic link');
    });

    it('refuses a private folder or file of another user', () => {
      // Asked on behalf of another user, this process's own entries are someone else's.
      expect(privacyProblem(folder(0o700), uid + 1, 'folder')).toBe('belongs to another user');
      expect(privacyProblem(file(0o600), uid + 1, 'file')).toBe('belongs to another user');
    });
  },
);
