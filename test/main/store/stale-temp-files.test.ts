import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openNotifiedAlerts } from '../../../src/main/alerts/notified-alerts';
import { openFavoritesStore } from '../../../src/main/favorites/favorites-store';
import { openHostChoiceStore } from '../../../src/main/credentials/host-choice-store';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { openKeptPortsStore } from '../../../src/main/local-ports/kept-ports-store';
import type { CreateConfStore } from '../../../src/main/store/conf-file';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import {
  STALE_TEMP_FILE_AGE_MS,
  sweepStaleTempFiles,
} from '../../../src/main/store/stale-temp-files';
import { useFolderUsers } from './folder-user-child';
import { ON_WINDOWS } from './private-modes';
import { confIn, filesIn, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
const startFolderUser = useFolderUsers();

/** A temp file as atomically names it, last written `ageMs` ago. */
function leftover(dir: string, store: string, ageMs: number, suffix = '1700000000abc123'): string {
  const name = `${store}.tmp-${suffix}`;
  const file = path.join(dir, name);
  fs.writeFileSync(file, '{"half":');
  const time = new Date(Date.now() - ageMs);
  fs.utimesSync(file, time, time);
  return name;
}

const OLD = STALE_TEMP_FILE_AGE_MS + 5_000;

describe("sweeping a store's leftover temp files", () => {
  it('removes its own temp files older than a minute', () => {
    const dir = tempDir();
    const old = leftover(dir, 'labels.json', OLD);
    expect(sweepStaleTempFiles(path.join(dir, 'labels.json'))).toEqual([old]);
    expect(filesIn(dir)).toEqual([]);
  });

  it('keeps a fresh temp file: another instance may be writing it right now', () => {
    const dir = tempDir();
    const fresh = leftover(dir, 'labels.json', 10_000);
    expect(sweepStaleTempFiles(path.join(dir, 'labels.json'))).toEqual([]);
    expect(filesIn(dir)).toEqual([fresh]);
  });

  it("leaves other stores' temp files and files that are not temp files alone", () => {
    const dir = tempDir();
    const kept = [
      leftover(dir, 'settings.json', OLD),
      leftover(dir, 'labels', OLD),
      leftover(dir, 'xlabels.json', OLD),
    ];
    fs.writeFileSync(path.join(dir, 'labels.json.bak'), '{}');
    fs.utimesSync(path.join(dir, 'labels.json.bak'), 0, 0);
    // A folder of that name is not something conf wrote.
    fs.mkdirSync(path.join(dir, 'labels.json.tmp-folder'));
    fs.utimesSync(path.join(dir, 'labels.json.tmp-folder'), 0, 0);
    expect(sweepStaleTempFiles(path.join(dir, 'labels.json'))).toEqual([]);
    expect(filesIn(dir)).toEqual([...kept, 'labels.json.bak', 'labels.json.tmp-folder'].sort());
  });

  it('removes young ones too when no other instance may be writing', () => {
    const dir = tempDir();
    const names = [
      leftover(dir, 'labels.json', 0, '1700000000aaaaaa'),
      leftover(dir, 'labels.json', OLD),
    ];
    const removed = sweepStaleTempFiles(path.join(dir, 'labels.json'), {
      anotherInstanceMayWrite: false,
    });
    expect(removed.sort()).toEqual(names.sort());
    expect(filesIn(dir)).toEqual([]);
  });

  it('counts a temp file exactly a minute old as a leftover', () => {
    const dir = tempDir();
    const name = leftover(dir, 'labels.json', 0);
    // A whole second, so that the times compared below are exact.
    fs.utimesSync(path.join(dir, name), 1_700_000_000, 1_700_000_000);
    const written = fs.statSync(path.join(dir, name)).mtimeMs;
    expect(written).toBe(1_700_000_000_000);
    const storePath = path.join(dir, 'labels.json');
    expect(sweepStaleTempFiles(storePath, { now: written + STALE_TEMP_FILE_AGE_MS - 1 })).toEqual(
      [],
    );
    expect(sweepStaleTempFiles(storePath, { now: written + STALE_TEMP_FILE_AGE_MS })).toEqual([
      name,
    ]);
  });

  it.skipIf(ON_WINDOWS)(
    'leaves a symbolic link of a temp file’s name, even when every temp file may go (not on Windows, where links need privileges)',
    () => {
      const dir = tempDir();
      const target = path.join(dir, 'elsewhere.json');
      fs.writeFileSync(target, '{}');
      fs.symlinkSync(target, path.join(dir, 'labels.json.tmp-link'));
      const removed = sweepStaleTempFiles(path.join(dir, 'labels.json'), {
        anotherInstanceMayWrite: false,
      });
      expect(removed).toEqual([]);
      expect(filesIn(dir)).toEqual(['elsewhere.json', 'labels.json.tmp-link']);
    },
  );

  it('does not fail when the folder is missing', () => {
    expect(sweepStaleTempFiles(path.join(tempDir(), 'missing', 'labels.json'))).toEqual([]);
  });
});

const STORES: [string, (createStore: CreateConfStore) => unknown][] = [
  ['settings', (createStore) => openSettingsStore({ createStore })],
  ['labels', (createStore) => openLabelStore({ createStore })],
  ['favorites', (createStore) => openFavoritesStore({ createStore })],
  ['host-choices', (createStore) => openHostChoiceStore({ createStore })],
  ['local-ports', (createStore) => openKeptPortsStore({ createStore })],
  ['alerts', (createStore) => openNotifiedAlerts({ createStore })],
];

describe.each(STORES)('opening the %s store', (name, open) => {
  const tempFiles = (dir: string) => filesIn(dir).filter((file) => file.includes('.tmp-'));

  /** Two leftovers past the minute, one a second old (a write of another instance, maybe). */
  function leftovers(dir: string): { fresh: string } {
    leftover(dir, `${name}.json`, OLD, '1700000000aaaaaa');
    leftover(dir, `${name}.json`, OLD * 100, '1600000000bbbbbb');
    return { fresh: leftover(dir, `${name}.json`, 1_000, '1700000001cccccc') };
  }

  it('sweeps all its temp files, young ones too, when no other instance uses the folder', () => {
    const dir = tempDir();
    leftovers(dir);
    open(confIn(dir));
    expect(tempFiles(dir)).toEqual([]);
  });

  it('keeps the young ones while another running instance uses the folder', async () => {
    const dir = tempDir();
    await startFolderUser(dir);
    const { fresh } = leftovers(dir);
    open(confIn(dir));
    expect(tempFiles(dir)).toEqual([fresh]);
  });

  it('sweeps them all once the instance that used the folder has crashed', async () => {
    const dir = tempDir();
    const user = await startFolderUser(dir);
    leftovers(dir);
    await user.crash();
    open(confIn(dir));
    expect(tempFiles(dir)).toEqual([]);
  });
});
