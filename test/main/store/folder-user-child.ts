/**
 * Starting and ending another instance that uses a data folder (folder-user-process.ts), a real
 * process with a pid of its own, as a second app or the demo beside it would be.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach } from 'vitest';
import { childSays } from '../../support/child-says';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const FOLDER_USER = path.join(import.meta.dirname, 'folder-user-process.ts');

export interface FolderUser {
  readonly pid: number;
  /** Ends it as a crash would: no exit handler runs, its marker stays behind. */
  crash(): Promise<void>;
  /** Ends it as a normal quit does: its exit handlers run. */
  quit(): Promise<void>;
}

/** Starts folder users for the current test; any still running at its end is killed. */
export function useFolderUsers(): (dir: string) => Promise<FolderUser> {
  const running = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of running) if (isRunning(child)) child.kill('SIGKILL');
    running.clear();
  });
  return async (dir) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FOLDER_USER, dir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    await using(child);
    const end = async (signal: NodeJS.Signals) => {
      if (!isRunning(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    };
    return {
      pid: child.pid ?? -1,
      crash: () => end('SIGKILL'),
      quit: () => end('SIGTERM'),
    };
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Resolves once the child has marked the folder; rejects if it exits first. */
function using(child: ChildProcess): Promise<void> {
  return childSays(child, 'using', 'the folder user exited at start');
}
