import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  IN_USE_MARKER_PREFIX,
  inUseByAnotherInstance,
  markFolderInUse,
} from '../../../src/main/store/folder-in-use';
import { useFolderUsers } from './folder-user-child';
import { useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
const startFolderUser = useFolderUsers();

const markersIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(IN_USE_MARKER_PREFIX))
    .sort();
const markerOf = (pid: number) => `${IN_USE_MARKER_PREFIX}${pid}@${os.hostname()}`;

describe('which running instances use a data folder', () => {
  it('is not in use by another instance when only this process marked it', () => {
    const dir = tempDir();
    markFolderInUse(dir);
    markFolderInUse(dir);
    expect(markersIn(dir)).toEqual([markerOf(process.pid)]);
    expect(inUseByAnotherInstance(dir)).toBe(false);
  });

  it('is in use while another process that marked it runs', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    expect(markersIn(dir)).toEqual([markerOf(user.pid)]);
    expect(inUseByAnotherInstance(dir)).toBe(true);
    // And still, whether or not this process uses it too.
    markFolderInUse(dir);
    expect(inUseByAnotherInstance(dir)).toBe(true);
  });

  it('is free again once that process crashed: its marker stays until the check removes it', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    await user.crash();
    expect(markersIn(dir)).toEqual([markerOf(user.pid)]);
    expect(inUseByAnotherInstance(dir)).toBe(false);
    expect(markersIn(dir)).toEqual([]);
  });

  it('loses the marker of a process that quits normally', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    await user.quit();
    expect(markersIn(dir)).toEqual([]);
    expect(inUseByAnotherInstance(dir)).toBe(false);
  });

  it('counts an instance of another host as running: its processes cannot be asked', async () => {
    const dir = tempDir();
    // A pid that surely runs nowhere here: a process that has just been killed.
    const user = await startFolderUser(dir);
    await user.crash();
    fs.renameSync(
      path.join(dir, markerOf(user.pid)),
      path.join(dir, `${IN_USE_MARKER_PREFIX}${user.pid}@another-host.example`),
    );
    expect(inUseByAnotherInstance(dir)).toBe(true);
  });

  it('ignores names that only look like markers, and a missing folder', () => {
    const dir = tempDir();
    for (const name of ['x', '0@host', '-1@host', '12', '12@', 'abc@host']) {
      fs.writeFileSync(path.join(dir, `${IN_USE_MARKER_PREFIX}${name}`), '');
    }
    expect(inUseByAnotherInstance(dir)).toBe(false);
    expect(markersIn(dir)).toHaveLength(6);
    expect(inUseByAnotherInstance(path.join(dir, 'missing'))).toBe(false);
  });
});
