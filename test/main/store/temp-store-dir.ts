import Conf from 'conf';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { StoreError } from '../../../src/main/store/store-error';
import type { CreateConfStore } from '../../../src/main/store/conf-file';
import { IN_USE_MARKER_PREFIX } from '../../../src/main/store/folder-in-use';

/** A fresh temp directory per test, removed afterwards; returns a getter for it. */
export function useTempDir(): () => string {
  let dir: string | undefined;
  beforeEach(async () => {
    dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'proxy-tray-store-'));
  });
  afterEach(async () => {
    if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return () => {
    if (!dir) throw new Error('useTempDir: no directory outside a test');
    return dir;
  };
}

/** The factory tests give the stores: real conf, its files in `dir`. */
export function confIn(dir: string): CreateConfStore {
  return (options) => new Conf({ ...options, cwd: dir });
}

/**
 * A real conf over the real files, on a disk that is full: reading works, every write of the
 * whole file fails as it would with ENOSPC.
 */
export function onFullDisk(createStore: CreateConfStore): CreateConfStore {
  return (options) => {
    const conf = createStore(options);
    return {
      path: conf.path,
      get store() {
        return conf.store;
      },
      set store(_value) {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
    };
  };
}

/**
 * The folder's files, except the markers of the instances using it (folder-in-use.ts): every
 * store's open leaves this process's, and they are no store's content.
 */
export function filesIn(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith(IN_USE_MARKER_PREFIX))
    .sort();
}

/** The StoreError an action throws (failing the test when it throws nothing or something else). */
export function thrownBy(action: () => unknown): StoreError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return error as StoreError;
  }
  throw new Error('expected the action to throw');
}
