import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFavoritesStore } from '../../../src/main/favorites/favorites-store';
import { MAX_PINNED } from '../../../src/shared/favorites/favorite-limits';
import { confIn, filesIn, thrownBy, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2031-05-06T07:08:09.010Z');
const BACKUP_NAME = 'favorites.invalid-2031-05-06T07-08-09.010Z.json';

const open = () => openFavoritesStore({ createStore: confIn(tempDir()), now: () => NOW });
const filePath = () => path.join(tempDir(), 'favorites.json');

describe('pinned proxies', () => {
  it('are kept per account in the order pinned, in their own file, across a restart', () => {
    const store = open();
    expect(store.forAccount('acct-a')).toEqual({ pinned: [], recent: [] });
    store.setPinned('acct-a', 30, true);
    store.setPinned('acct-a', 10, true);
    store.setPinned('acct-a', 20, true);
    store.setPinned('acct-a', 30, true); // again: no move to the end
    store.setPinned('acct-b', 10, true);
    store.setPinned('acct-a', 10, false);

    const again = open();
    expect(again.forAccount('acct-a').pinned).toEqual([30, 20]);
    // Another account's ids stay apart: the same id means another proxy there.
    expect(again.forAccount('acct-b').pinned).toEqual([10]);
    expect(again.forAccount('acct-c').pinned).toEqual([]);
    expect(again.recovery()).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(filePath(), 'utf8'))).toEqual({
      schemaVersion: 1,
      favorites: {
        'acct-a': { pinned: [30, 20], recent: [] },
        'acct-b': { pinned: [10], recent: [] },
      },
    });
  });

  it('an account left with nothing leaves the file', () => {
    const store = open();
    store.setPinned('acct-a', 1, true);
    store.setPinned('acct-a', 1, false);
    expect(JSON.parse(fs.readFileSync(filePath(), 'utf8'))).toEqual({
      schemaVersion: 1,
      favorites: {},
    });
  });

  it(`refuses a pin past ${MAX_PINNED}, and a bad id, writing nothing`, () => {
    const store = open();
    for (let id = 1; id <= MAX_PINNED; id += 1) store.setPinned('acct-a', id, true);
    const refused = thrownBy(() => store.setPinned('acct-a', 9999, true));
    expect(refused.kind).toBe('invalid_input');
    expect(refused.message).toBe(`At most ${MAX_PINNED} proxies can be pinned: unpin one first.`);
    expect(thrownBy(() => store.setPinned('acct-a', 0, true)).kind).toBe('invalid_input');
    expect(thrownBy(() => store.setPinned('', 1, true)).kind).toBe('invalid_input');
    expect(open().forAccount('acct-a').pinned).toHaveLength(MAX_PINNED);
  });
});

describe('recent copies', () => {
  it('keep the last 5, most recent first, each once, per account, across a restart', () => {
    const store = open();
    for (const id of [1, 2, 3, 4, 5, 6]) store.recordCopy('acct-a', id);
    expect(store.forAccount('acct-a').recent).toEqual([6, 5, 4, 3, 2]);
    store.recordCopy('acct-a', 3);
    expect(store.forAccount('acct-a').recent).toEqual([3, 6, 5, 4, 2]);
    store.recordCopy('acct-a', 3);
    store.recordCopy('acct-b', 7);
    expect(open().forAccount('acct-a').recent).toEqual([3, 6, 5, 4, 2]);
    expect(open().forAccount('acct-b')).toEqual({ pinned: [], recent: [7] });
  });

  it('tell listeners which account changed, after the change is written', () => {
    const store = open();
    const heard: [string, number[]][] = [];
    store.onChange((accountId) =>
      heard.push([accountId, [...open().forAccount(accountId).recent]]),
    );
    store.recordCopy('acct-a', 1);
    store.recordCopy('acct-a', 1); // already the most recent: nothing to tell
    store.setPinned('acct-b', 2, true);
    expect(heard).toEqual([
      ['acct-a', [1]],
      ['acct-b', []],
    ]);
  });
});

describe('a damaged favorites file', () => {
  it('that is not JSON: nothing kept, the original backed up, said once', () => {
    const original = Buffer.from('{"favorites": {', 'utf8');
    fs.writeFileSync(filePath(), original);
    const store = open();
    expect(store.forAccount('acct-a')).toEqual({ pinned: [], recent: [] });
    expect(store.recovery()).toEqual({
      backupPath: path.join(tempDir(), BACKUP_NAME),
      problems: ['The pinned and recent proxies file was not valid JSON.'],
    });
    expect(fs.readFileSync(path.join(tempDir(), BACKUP_NAME))).toEqual(original);
    expect(filesIn(tempDir())).toEqual([BACKUP_NAME, 'favorites.json']);
    expect(open().recovery()).toBeUndefined();
    store.setPinned('acct-a', 4, true);
    expect(open().forAccount('acct-a').pinned).toEqual([4]);
  });

  it('keeps every valid id and drops only the bad ones', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({
        schemaVersion: 1,
        favorites: {
          'acct-a': { pinned: [3, 'x', 3, 1], recent: [9, 8, 7, 6, 5, 4, 0] },
          'acct-b': 'not an object',
          'acct-c': { pinned: 'nope', recent: [2], extra: 1 },
        },
        stray: true,
      }),
    );
    const store = open();
    expect(store.forAccount('acct-a')).toEqual({ pinned: [3, 1], recent: [9, 8, 7, 6, 5] });
    expect(store.forAccount('acct-b')).toEqual({ pinned: [], recent: [] });
    expect(store.forAccount('acct-c')).toEqual({ pinned: [], recent: [2] });
    expect(store.recovery()?.problems).toEqual([
      'The unknown entry “stray” of the pinned and recent proxies file was removed.',
      'The pinned proxies of account “acct-a” held 2 entries that could not be kept (not a proxy id, a repeat, or over 100).',
      'The recent proxies of account “acct-a” held 2 entries that could not be kept (not a proxy id, a repeat, or over 5).',
      'The pinned and recent proxies of account “acct-b” were removed.',
      'The pinned proxies of account “acct-c” were not a list and were removed.',
      'The unknown entry “extra” of account “acct-c” was removed.',
    ]);
    expect(filesIn(tempDir())).toContain(BACKUP_NAME);
  });

  it('from a newer version: nothing read, after a backup', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({ schemaVersion: 2, favorites: { a: { pinned: [1], recent: [] } } }),
    );
    const store = open();
    expect(store.forAccount('a').pinned).toEqual([]);
    expect(store.recovery()?.problems[0]).toMatch(/newer version of Proxy Tray/);
    expect(filesIn(tempDir())).toContain(BACKUP_NAME);
  });

  it('a failed write is a storage error, and nothing changes', () => {
    const store = open();
    store.setPinned('acct-a', 1, true);
    // A folder where the file should be: the write fails whoever runs the test (root too).
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    const error = thrownBy(() => store.setPinned('acct-a', 2, true));
    expect(error.kind).toBe('storage');
    expect(error.message).toMatch(/^The pinned and recent proxies could not be saved/);
    expect(thrownBy(() => store.recordCopy('acct-a', 2)).kind).toBe('storage');
    expect(store.forAccount('acct-a')).toEqual({ pinned: [1], recent: [] });
  });
});
