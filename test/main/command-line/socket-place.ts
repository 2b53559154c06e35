import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { commandKeyFile } from '../../../src/main/command-line/command-key';
import { openFds } from '../../support/open-fds';

/** A test's own folder, with the socket's, the data folder's and the key's paths in it. */
export interface SocketPlace {
  base: string;
  socketPath: string;
  dataDir: string;
  keyFile: string;
  /** Run at the end of the test, last added first, before the fds are counted. */
  readonly cleanups: (() => unknown)[];
}

/**
 * A fresh place for each test of the command socket (real Unix sockets, a short private folder),
 * and at its end every cleanup run and the fds counted: every socket, server, file and timer the
 * test opened is closed again.
 */
export function useSocketPlace(prefix: string): SocketPlace {
  const place: SocketPlace = { base: '', socketPath: '', dataDir: '', keyFile: '', cleanups: [] };
  let fdsBefore = 0;
  beforeEach(() => {
    place.base = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    place.socketPath = path.join(place.base, 'run', 'data.sock');
    place.dataDir = path.join(place.base, 'data');
    place.keyFile = commandKeyFile(place.dataDir);
    fdsBefore = openFds();
  });
  afterEach(async () => {
    for (const cleanup of place.cleanups.splice(0).reverse()) await cleanup();
    await expect.poll(openFds).toBe(fdsBefore);
    fs.rmSync(place.base, { recursive: true, force: true });
  });
  return place;
}
