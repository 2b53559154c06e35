import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { confIn, filesIn, useTempDir } from '../store/temp-store-dir';
import { CRASH_ACCOUNTS, crashLabelProblem } from './crash-labels';
import { exited, useLabelWriters, writing } from './label-writer-child';

const tempDir = useTempDir();
const startWriter = useLabelWriters();
const KILLS = 10;

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
