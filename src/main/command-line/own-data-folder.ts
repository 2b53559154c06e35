import os from 'node:os';
import type { IpcResult } from '../../shared/ipc/ipc-error';
import { commandKeyFile, readOrCreateCommandKey } from './command-key';
import { claimCommandSocket } from './command-ownership';
import type { CommandOwner } from './command-messages';
import { serveCommands } from './command-server';
import { commandSocketPath } from './socket-path';

export interface OwnDataFolderOptions {
  dataDir: string;
  owner: CommandOwner;
  access: () => boolean;
  handle: (channel: string, input: unknown) => Promise<IpcResult<unknown>>;
  /** How long to wait for another owner to stop (30 s). */
  deadlineMs?: number;
}

export interface OwnedDataFolder {
  /** The socket (or pipe) this process serves. */
  path: string;
  /** The key this process proves it knows to whoever connects (command-key.ts). */
  keyFile: string;
  close(): Promise<void>;
}

/**
 * What the app and the harness do first, before their services open a file: serve the command
 * socket of their data folder, which makes them its owner, waiting for a standalone command that
 * holds it to stop. Throws DataFolderTakenError (its message is for the user) past the deadline.
 */
export async function ownDataFolder(options: OwnDataFolderOptions): Promise<OwnedDataFolder> {
  const path = commandSocketPathHere(options.dataDir);
  const keyFile = commandKeyFile(options.dataDir);
  const owned = await claimCommandSocket({
    serve: () =>
      serveCommands({
        path,
        keyFile,
        owner: options.owner,
        access: options.access,
        handle: options.handle,
      }),
    ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
  });
  return { path, keyFile, close: () => owned.close() };
}

/** The socket of `dataDir` for this process's user, system and environment. */
export function commandSocketPathHere(dataDir: string): string {
  return commandSocketPath({
    dataDir,
    platform: process.platform,
    env: process.env,
    uid: process.getuid?.() ?? 0,
    tmpdir: os.tmpdir(),
    username: userName(),
    pipeKey:
      process.platform === 'win32'
        ? readOrCreateCommandKey(commandKeyFile(dataDir), process.platform)
        : undefined,
  });
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A uid without a passwd entry (some containers): the environment's word, or none.
    return process.env.USERNAME ?? process.env.USER ?? '';
  }
}
