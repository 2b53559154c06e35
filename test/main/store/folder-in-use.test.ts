import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IN_USE_MARKER_PREFIX,
  inUseByAnotherInstance,
  markFolderInUse,
} from '../../../src/main/store/folder-in-use';
import { useFolderUsers } from './folder-user-child';
import { useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
const startFolderUser = useFolderUsers();
afterEach(() => {
  vi.restoreAllMocks();
});

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

describe('the marker of an instance', () => {
  it('names the host as a file name can hold it, and a nameless host "localhost"', () => {
    const dir = tempDir();
    vi.spyOn(os, 'hostname').mockReturnValue('Büro PC/2:a_b.local-1');
    markFolderInUse(dir);
    expect(markersIn(dir)).toEqual([`${IN_USE_MARKER_PREFIX}${process.pid}@B_ro_PC_2_a_b.local-1`]);
    // Still this process's own marker, however odd the name: not another instance.
    expect(inUseByAnotherInstance(dir)).toBe(false);

    vi.spyOn(os, 'hostname').mockReturnValue('');
    markFolderInUse(dir);
    expect(markersIn(dir)).toContain(`${IN_USE_MARKER_PREFIX}${process.pid}@localhost`);
  });

  it('is not made, and nothing fails, in a folder that does not exist', () => {
    const dir = path.join(tempDir(), 'missing');
    expect(() => markFolderInUse(dir)).not.toThrow();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('is only a file named with the marker prefix: another file that ends alike is left alone', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    await user.crash();
    // As long as the prefix, then what a marker of a crashed instance or another host holds.
    const lookAlikes = [`other-file-${user.pid}@${os.hostname()}`, 'other-file-1@another-host'];
    for (const name of lookAlikes) fs.writeFileSync(path.join(dir, name), 'not a marker');
    fs.rmSync(path.join(dir, markerOf(user.pid)));
    expect(inUseByAnotherInstance(dir)).toBe(false);
    expect(fs.readdirSync(dir).sort()).toEqual(lookAlikes.sort());
  });

  it('holds nothing after the host: a name with a line break in it is no marker', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    await user.crash();
    const odd = `${markerOf(user.pid)}\nmore`;
    fs.renameSync(path.join(dir, markerOf(user.pid)), path.join(dir, odd));
    expect(inUseByAnotherInstance(dir)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([odd]);
  });

  it('of a process this user may not signal (another user’s) counts as a running instance', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    await user.crash();
    // The system's answer for a pid that now belongs to another user: it exists, but is not ours.
    // Root may signal anyone, so the answer is given here rather than left to who runs the tests.
    const kill = process.kill.bind(process);
    vi.spyOn(process, 'kill').mockImplementation((pid, signal) => {
      if (pid !== user.pid) return kill(pid, signal);
      throw Object.assign(new Error(`kill EPERM`), { code: 'EPERM', syscall: 'kill' });
    });
    expect(inUseByAnotherInstance(dir)).toBe(true);
    expect(markersIn(dir)).toEqual([markerOf(user.pid)]);
  });
});
