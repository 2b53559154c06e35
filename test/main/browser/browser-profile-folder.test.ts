import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createProfileFolder,
  keptProfileFolder,
  profileSlug,
  removeStaleProfiles,
} from '../../../src/main/browser/browser-profile-folder';

let parent: string;

beforeEach(async () => {
  parent = join(await mkdtemp(join(tmpdir(), 'proxy-tray-profiles-')), 'browser-profiles');
});

afterEach(async () => {
  await rm(dirname(parent), { recursive: true, force: true });
});

describe('profile folder names', () => {
  it('keep what is readable of the proxy name, with a hash that tells names apart', () => {
    expect(profileSlug('gate.example.net:8000')).toMatch(/^gate_example_net_8000-[0-9a-f]{8}$/);
    expect(profileSlug('a/b')).not.toBe(profileSlug('a:b'));
    expect(profileSlug('')).toMatch(/^proxy-[0-9a-f]{8}$/);
    expect(profileSlug('x'.repeat(500))).toHaveLength(40 + 9);
  });

  it.each([
    '..',
    '../../etc',
    '/etc/passwd',
    'C:\\Windows\\System32',
    '..\\..\\Users',
    'CON',
    '\u0000nul',
    'ﬁ／．．',
    '.hidden',
    '-rf',
  ])('cannot climb out of the parent folder: %j', async (name) => {
    for (const keep of [false, true]) {
      const dir = await createProfileFolder(parent, name, keep);
      expect(dirname(dir)).toBe(parent);
      expect(existsSync(dir)).toBe(true);
      const folder = dir.slice(parent.length + 1);
      expect(folder).toMatch(/^(fresh|kept)-[A-Za-z0-9_-]+$/);
    }
  });

  it('is new each time for a throwaway profile, the same for a kept one', async () => {
    const [a, b] = [
      await createProfileFolder(parent, 'p:1', false),
      await createProfileFolder(parent, 'p:1', false),
    ];
    expect(a).not.toBe(b);
    const kept = await createProfileFolder(parent, 'p:1', true);
    expect(await createProfileFolder(parent, 'p:1', true)).toBe(kept);
    expect(keptProfileFolder(parent, 'p:1')).toBe(kept);
    // Browsing data: this account only.
    expect((await stat(kept)).mode & 0o777).toBe(0o700);
    expect((await stat(a)).mode & 0o777).toBe(0o700);
  });
});

describe('throwaway profiles left by an earlier run', () => {
  it('are removed, except those in use; kept profiles stay', async () => {
    const stale = await createProfileFolder(parent, 'old:1', false);
    await writeFile(join(stale, 'Cookies'), 'x');
    const inUse = await createProfileFolder(parent, 'busy:1', false);
    const kept = await createProfileFolder(parent, 'kept:1', true);
    expect(await removeStaleProfiles(parent, new Set([inUse]))).toEqual([stale]);
    expect((await readdir(parent)).sort()).toEqual(
      [inUse, kept].map((dir) => dir.slice(parent.length + 1)).sort(),
    );
  });

  it('are none when the folder does not exist yet', async () => {
    expect(await removeStaleProfiles(join(parent, 'missing'))).toEqual([]);
    await mkdir(parent, { recursive: true });
    expect(await removeStaleProfiles(parent)).toEqual([]);
  });
});
