import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { confIn, filesIn, useTempDir } from '../settings/temp-store-dir';
import { CRASH_ACCOUNTS, crashLabelProblem } from './crash-labels';

const tempDir = useTempDir();
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const WRITER = path.join(import.meta.dirname, 'label-writer-process.ts');
const KILLS = 10;

let running: ChildProcess | undefined;
afterEach(() => {
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  running = undefined;
});

function startWriter(dir: string, round: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(round)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  return child;
}

/** Resolves once the writer says its first label is on disk; rejects if it exits first. */
function writing(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('writing\n')) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`writer exited before writing (${code ?? signal}): ${stderr}`)),
    );
  });
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.signalCode);
  }
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

it('labels.json stays whole and valid when the writer is killed mid-write', async () => {
  const dir = tempDir();
  const delays: number[] = [];
  for (let round = 1; round <= KILLS; round += 1) {
    const delay = 20 + Math.floor(Math.random() * 181);
    delays.push(delay);
    const child = startWriter(dir, round);
    await writing(child);
    await sleep(delay);
    child.kill('SIGKILL');
    // Killed, not finished: the writer was still in its loop when the signal came.
    expect(await exited(child)).toBe('SIGKILL');

    const store = openLabelStore({ createStore: confIn(dir) });
    const context = `round ${round}, kills after ${delays.join(', ')} ms`;
    expect(store.recovery(), context).toBeUndefined();
    expect(
      filesIn(dir).filter((name) => name.includes('.invalid-')),
      context,
    ).toEqual([]);
    let fromThisRound = 0;
    for (const accountId of CRASH_ACCOUNTS) {
      for (const [proxyId, label] of store.forAccount(accountId)) {
        expect(crashLabelProblem(label, accountId, proxyId, round), context).toBeUndefined();
        if (label.startsWith(`r${round} `)) fromThisRound += 1;
      }
    }
    // The writes of this round reached the file (the first was on disk before the kill).
    expect(fromThisRound, context).toBeGreaterThan(0);
  }
}, 60_000);
