import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { exited, writing } from '../labels/label-writer-child';
import { ON_WINDOWS, POSIX_ONLY, modeOf } from './private-modes';
import { filesIn, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const WRITER = path.join(import.meta.dirname, 'private-writer-process.ts');
// About one kill in two leaves a temp file: twelve leave none once in some four thousand runs.
const KILLS = 12;

let running: ChildProcess | undefined;
afterEach(() => {
  if (running && running.exitCode === null && running.signalCode === null) {
    running.kill('SIGKILL');
  }
  running = undefined;
});

it.skipIf(ON_WINDOWS)(
  `the temp files of writes cut short are never readable by others, even under umask 000 ${POSIX_ONLY}`,
  async () => {
    const dir = path.join(tempDir(), 'data');
    const caught: { name: string; mode: number }[] = [];
    for (let round = 1; round <= KILLS; round += 1) {
      running = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await writing(running);
      await sleep(5 + Math.floor(Math.random() * 60));
      running.kill('SIGKILL');
      expect(await exited(running)).toBe('SIGKILL');
      // Read now: the next writer's start sweeps them (no other instance uses the folder).
      for (const name of filesIn(dir).filter((each) => each.includes('.tmp-'))) {
        caught.push({ name, mode: modeOf(path.join(dir, name)) });
      }
    }
    // Without a temp file caught mid-write the test would prove nothing.
    expect(caught.length, 'no kill left a temp file behind').toBeGreaterThan(0);
    expect(caught.filter((each) => each.mode !== 0o600)).toEqual([]);
    expect(modeOf(path.join(dir, 'local-ports.json'))).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
  },
  120_000,
);
