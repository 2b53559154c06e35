import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { STALE_TEMP_FILE_AGE_MS } from '../../../src/main/settings/stale-temp-files';
import { confIn, filesIn, useTempDir } from '../settings/temp-store-dir';
import { CRASH_ACCOUNTS, crashLabelProblem } from './crash-labels';
import { exited, useLabelWriters, writing } from './label-writer-child';

const tempDir = useTempDir();
const startWriter = useLabelWriters();
const KILLS = 20;

const tempFilesIn = (dir: string) => filesIn(dir).filter((name) => name.includes('.tmp-'));

/** Dates the files a minute and more back, as if the restart came a while after the crashes. */
function age(dir: string, names: string[]): void {
  const past = new Date(Date.now() - STALE_TEMP_FILE_AGE_MS - 1_000);
  for (const name of names) fs.utimesSync(path.join(dir, name), past, past);
}

it('a restart after 20 kills mid-write leaves no temp files behind, and the labels whole', async () => {
  const dir = tempDir();
  for (let round = 1; round <= KILLS; round += 1) {
    const child = startWriter(dir, round);
    await writing(child);
    await sleep(5 + Math.floor(Math.random() * 60));
    child.kill('SIGKILL');
    expect(await exited(child)).toBe('SIGKILL');
  }
  const debris = tempFilesIn(dir);
  // Without debris the test would prove nothing: about one kill in two cuts a write short.
  expect(debris.length, 'no kill left a temp file behind').toBeGreaterThan(0);
  age(dir, debris);

  const store = openLabelStore({ createStore: confIn(dir) });

  expect(tempFilesIn(dir)).toEqual([]);
  expect(store.recovery()).toBeUndefined();
  let fromLastRound = 0;
  for (const accountId of CRASH_ACCOUNTS) {
    for (const [proxyId, label] of store.forAccount(accountId)) {
      expect(crashLabelProblem(label, accountId, proxyId, KILLS)).toBeUndefined();
      if (label.startsWith(`r${KILLS} `)) fromLastRound += 1;
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
}, 120_000);
