import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePrivateFolder, tightenToPrivate } from '../../../src/main/store/private-files';
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
