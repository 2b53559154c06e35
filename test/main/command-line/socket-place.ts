import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { commandKeyFile } from '../../../src/main/command-line/command-key';
import {
  serveCommands,
  type ServeCommandsOptions,
} from '../../../src/main/command-line/command-server';
import type { IpcResult } from '../../../src/shared/ipc/ipc-error';
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

/** What a peer received: one JSON value a line. */
export function jsonLines(received: string): unknown[] {
  return received
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
}

/**
 * A raw peer of the server at the place's socket: it sends the command line's challenge first
 * (a fixed one) unless told not to, then whatever the test writes, and keeps all it receives.
 */
export async function rawPeer(place: SocketPlace, { challenge = true } = {}) {
  const socket = net.createConnection(place.socketPath);
  place.cleanups.push(() => socket.destroy());
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (challenge) socket.write(`{"proxyTray":1,"challenge":"${'c'.repeat(64)}"}\n`);
  return { socket, closed, lines: () => jsonLines(received) };
}

/** A call's answer that says what was asked: the channel and the input, back. */
export function echo(channel: string, input: unknown): Promise<IpcResult<unknown>> {
  return Promise.resolve({ ok: true, value: { channel, input } });
}

/**
 * The command server at the place's socket, as the app serves it (access on, each call echoed
 * unless the test says otherwise); closed at the end of the test when it came to own the socket.
 */
export async function serveAt(place: SocketPlace, options: Partial<ServeCommandsOptions> = {}) {
  const outcome = await serveCommands({
    path: place.socketPath,
    keyFile: place.keyFile,
    owner: 'app',
    access: () => true,
    handle: echo,
    ...options,
  });
  if (outcome.kind === 'owner') place.cleanups.push(() => outcome.close());
  return outcome;
}

/** serveAt, which must come to own the socket. */
export async function ownedAt(place: SocketPlace, options: Partial<ServeCommandsOptions> = {}) {
  const outcome = await serveAt(place, options);
  if (outcome.kind !== 'owner') throw new Error('Expected to own the socket');
  return outcome;
}
