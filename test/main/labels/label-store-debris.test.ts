import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { confIn, filesIn, useTempDir } from '../store/temp-store-dir';
import { CRASH_ACCOUNTS, crashLabelProblem } from './crash-labels';
import { exited, useLabelWriters, writing } from './label-writer-child';

const tempDir = useTempDir();
const startWriter = useLabelWriters();
const KILLS = 20;
/** Kills past KILLS, until one leaves a temp file for the final restart to find. */
const MAX_KILLS = 60;

const tempFilesIn = (dir: string) => filesIn(dir).filter((name) => name.includes('.tmp-'));

it('each start after a kill mid-write sweeps the temp files left behind at once, whatever their age', async () => {
  const dir = tempDir();
  let leftBehind: string[] = [];
  let debrisSeen = 0;
  let round = 0;
  while (round < KILLS || (leftBehind.length === 0 && round < MAX_KILLS)) {
    round += 1;
    const child = startWriter(dir, round);
    await writing(child);
    // The writer's start swept what the kill before left, seconds old at most: the killed
    // writer's marker names a dead process, so nobody else can be writing.
    expect(
      tempFilesIn(dir).filter((name) => leftBehind.includes(name)),
      `round ${round}`,
    ).toEqual([]);
    await sleep(5 + Math.floor(Math.random() * 60));
    child.kill('SIGKILL');
    expect(await exited(child)).toBe('SIGKILL');
    leftBehind = tempFilesIn(dir);
    debrisSeen += leftBehind.length;
  }
  // Without debris the test would prove nothing: about one kill in two cuts a write short.
  expect(debrisSeen, 'no kill left a temp file behind').toBeGreaterThan(0);
  expect(leftBehind.length, `none of ${round} kills left a temp file at the end`).toBeGreaterThan(
    0,
  );

  // At once, as the audit restarted: none of the temp files is a minute old.
  const store = openLabelStore({ createStore: confIn(dir) });

  expect(tempFilesIn(dir)).toEqual([]);
  expect(store.recovery()).toBeUndefined();
  let fromLastRound = 0;
  for (const accountId of CRASH_ACCOUNTS) {
    for (const [proxyId, label] of store.forAccount(accountId)) {
      expect(crashLabelProblem(label, accountId, proxyId, round)).toBeUndefined();
      if (label.startsWith(`r${round} `)) fromLastRound += 1;
    }
  }
  expect(fromLastRound).toBeGreaterThan(0);
  // And the store still writes: the next start sees the change.
  store.set('acct-a', 1, 'after the restart');
  expect(
    openLabelStore({ createStore: confIn(dir) })
      .forAccount('acct-a')
      .get(1),
  ).toBe('after the restart');
}, 180_000);
