/**
 * Starting and killing the crash tests' writer process (label-writer-process.ts), shared by the
 * test that the file stays whole and the test that no debris outlives a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach } from 'vitest';
import { childSays } from '../../support/child-says';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const WRITER = path.join(import.meta.dirname, 'label-writer-process.ts');

/** Starts writers for the current test; any still running at its end is killed. */
export function useLabelWriters(): (dir: string, round: number) => ChildProcess {
  let running: ChildProcess | undefined;
  afterEach(() => {
    if (running && running.exitCode === null && running.signalCode === null) {
      running.kill('SIGKILL');
    }
    running = undefined;
  });
  return (dir, round) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(round)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    return child;
  };
}

/** Resolves once the writer says its first label is on disk; rejects if it exits first. */
export function writing(child: ChildProcess): Promise<void> {
  return childSays(child, 'writing', 'writer exited before writing');
}

/** The signal that ended the writer (null when it exited by itself). */
export function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.signalCode);
  }
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}
