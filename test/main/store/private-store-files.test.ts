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
import { ON_WINDOWS, POSIX_ONLY, modeOf, useOpenUmask } from './private-modes';
import { confIn, filesIn, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
useOpenUmask();

interface PrivateStoreCase {
  /** The file's name without `.json`. */
  readonly name: string;
  /** Opens the store; the action returned changes something in it, so that it writes its file. */
  readonly open: (createStore: CreateConfStore) => () => void;
  /** Whether a damaged file is backed up (alerts start afresh instead: see notified-alerts.ts). */
  readonly backsUp: boolean;
}

const STORES: PrivateStoreCase[] = [
  {
    name: 'settings',
    open: (createStore) => {
      const store = openSettingsStore({ createStore });
      return () => store.update({ theme: 'dark' });
    },
    backsUp: true,
  },
  {
    name: 'labels',
    open: (createStore) => {
      const store = openLabelStore({ createStore });
      return () => store.set('acct', 1, 'Office');
    },
    backsUp: true,
  },
  {
    name: 'favorites',
    open: (createStore) => {
      const store = openFavoritesStore({ createStore });
      return () => store.setPinned('acct', 1, true);
    },
    backsUp: true,
  },
  {
    name: 'host-choices',
    open: (createStore) => {
      const store = openHostChoiceStore({ createStore });
      return () => store.set('acct', 1, 'ipv4');
    },
    backsUp: true,
  },
  {
    name: 'local-ports',
    open: (createStore) => {
      const store = openKeptPortsStore({ createStore });
      return () =>
        store.keep('acct', { proxyId: 1, port: 40_001, protocol: 'http', localPassword: 'pw-1' });
    },
    backsUp: true,
  },
  {
    name: 'alerts',
    open: (createStore) => {
      const store = openNotifiedAlerts({ createStore });
      return () => store.add(['expiring:1:2999-01-01']);
    },
    backsUp: false,
  },
];

describe.skipIf(ON_WINDOWS)(`each store's files are its user's alone ${POSIX_ONLY}`, () => {
  describe.each(STORES)('the $name store', ({ name, open, backsUp }) => {
    const fileIn = (dir: string) => path.join(dir, `${name}.json`);

    it('creates its folder 0700 and writes its file 0600', () => {
      // A folder that does not exist yet: conf makes it, and gives no mode of its own.
      const dir = path.join(tempDir(), 'data');
      open(confIn(dir))();
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(fileIn(dir))).toBe(0o600);
    });

    it('tightens a folder and a file left open to others when it opens, before any write', () => {
      const dir = path.join(tempDir(), 'data');
      open(confIn(dir))();
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(fileIn(dir), 0o644);
      const before = fs.statSync(fileIn(dir));
      open(confIn(dir));
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(fileIn(dir))).toBe(0o600);
      // Tightened in place, not rewritten: the same file, the same content.
      expect(fs.statSync(fileIn(dir)).ino).toBe(before.ino);
      expect(fs.statSync(fileIn(dir)).mtimeMs).toBe(before.mtimeMs);
    });

    it('keeps a damaged file private: its replacement 0600, and any backup of it 0600', () => {
      const dir = path.join(tempDir(), 'data');
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.writeFileSync(fileIn(dir), '{"not json', { mode: 0o644 });
      open(confIn(dir))();
      const backups = filesIn(dir).filter((each) => each.startsWith(`${name}.invalid-`));
      expect(backups).toHaveLength(backsUp ? 1 : 0);
      for (const backup of backups) expect(modeOf(path.join(dir, backup)), backup).toBe(0o600);
      expect(modeOf(fileIn(dir))).toBe(0o600);
      expect(modeOf(dir)).toBe(0o700);
    });
  });
});
