import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

import type { Hello } from './command-messages';
import { serveConnection, type ConnectionOptions } from './command-connection';
import { connectToOwner } from './command-client';
import { readOrCreateCommandKey } from './command-key';
import { ensureSocketFolder } from './socket-folder';

export interface ServeCommandsOptions extends ConnectionOptions {
  path: string;
  /** This user's command-line key (command-key.ts), made here when it does not exist yet. */
  keyFile: string;
  /** Connections at once; one more is destroyed at once (16). */
  maxConnections?: number;
  platform?: NodeJS.Platform;
}

export type ServeCommandsOutcome =
  | { kind: 'owner'; close(): Promise<void> }
  /** Another live process serves this data folder: it owns the data. */
  | { kind: 'taken'; owner: Hello };

export const COMMAND_CONNECTIONS_MAX = 16;
/** How long a probe of a socket in use waits for its hello. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Serves the command channel on `path`. Binding is the lock on the data folder: whoever listens
 * owns it, so an app and a standalone command never write the same files, in either start order.
 * A socket file left by a crash (nobody answers on it) is removed and bound again, once.
 */
export async function serveCommands(options: ServeCommandsOptions): Promise<ServeCommandsOutcome> {
  const platform = options.platform ?? process.platform;
  ensureSocketFolder(options.path, platform);
  const key = readOrCreateCommandKey(options.keyFile, platform);
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveConnection(socket, { ...options, key });
  });
  server.maxConnections = options.maxConnections ?? COMMAND_CONNECTIONS_MAX;

  const bound =
    platform === 'win32' ? await bindPipe(server, options) : await bindUnixSocket(server, options);
  if (bound.kind === 'taken') return bound;
  const ours = bound.ours;

  return {
    kind: 'owner',
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
      // Only if it is still ours: a newer owner's socket (ours was removed by hand) stays.
      if (ours) removeIfStillOurs(options.path, ours);
    },
  };
}

/** Where to bind, and how to tell a live owner from a stranger that holds the name. */
type BindPlace = Pick<ServeCommandsOptions, 'path' | 'keyFile'>;

/**
 * Windows: a pipe vanishes with its process, so a pipe in use is a live owner's (or a stranger's:
 * any user can make a pipe of that name first, which only the key tells apart).
 */
async function bindPipe(server: net.Server, { path, keyFile }: BindPlace): Promise<Bound> {
  const bound = await listen(server, path);
  if (bound === 'listening') return { kind: 'owner', ours: undefined };
  if (bound.code !== 'EADDRINUSE') throw bound;
  const owner = await liveOwner(path, keyFile);
  if (owner) return { kind: 'taken', owner };
  throw new Error(`Proxy Tray cannot listen on ${path}: it is in use.`);
}

type Bound = { kind: 'owner'; ours: fs.Stats | undefined } | { kind: 'taken'; owner: Hello };

/**
 * Unix: the socket is bound under a name of its own, made private, then hard-linked to the shared
 * name, which fails if that name exists: the link is the lock, atomic, and the socket is never
 * reachable before its mode is 0600. Bound under its own name, the socket is not the one Node
 * unlinks when it closes, so closing never removes a newer owner's file (see removeIfStillOurs).
 */
async function bindUnixSocket(server: net.Server, { path, keyFile }: BindPlace): Promise<Bound> {
  const own = `${path.replace(/\.sock$/, '')}.${randomBytes(3).toString('hex')}`;
  const bound = await listen(server, own);
  if (bound !== 'listening') throw bound;
  try {
    // The folder (0700) is the real guard; this is the second wall.
    fs.chmodSync(own, 0o600);
    for (let attempt = 0; ; attempt += 1) {
      try {
        fs.linkSync(own, path);
        return { kind: 'owner', ours: fs.lstatSync(path) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = await liveOwner(path, keyFile);
      if (owner) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        return { kind: 'taken', owner };
      }
      if (attempt > 0) throw new Error(`Proxy Tray cannot listen on ${path}: it is in use.`);
      // Nobody answers on it: a crash left the file. Removed, then linked again (once).
      fs.rmSync(path, { force: true });
    }
  } catch (error) {
    server.close();
    throw error;
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/**
 * The hello of the process that serves `path`, or undefined when nobody does (a stale file). The
 * probe sends a challenge as the command line does: only a live Proxy Tray of this user proves it
 * knows the key, and so only its hello counts.
 */
async function liveOwner(path: string, keyFile: string): Promise<Hello | undefined> {
  let live: Awaited<ReturnType<typeof connectToOwner>>;
  try {
    live = await connectToOwner(path, { timeoutMs: PROBE_TIMEOUT_MS, keyFile });
  } catch (error) {
    // It listens but is not Proxy Tray (or not this user's): not ours to remove, nor to wait for.
    throw new Error(
      `Command-line access is unavailable: something else holds ${path}. ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  live?.close();
  return live?.hello;
}

function listen(server: net.Server, path: string): Promise<'listening' | NodeJS.ErrnoException> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      resolve(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve('listening');
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(path);
  });
}

function removeIfStillOurs(path: string, ours: fs.Stats): void {
  try {
    const now = fs.lstatSync(path);
    if (now.ino === ours.ino && now.dev === ours.dev) fs.rmSync(path, { force: true });
  } catch {
    // Gone already: nothing to remove.
  }
}
