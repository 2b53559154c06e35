import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KeptPool } from '../../../src/main/pool/kept-pools-from-file';
import { openKeptPoolsStore } from '../../../src/main/pool/kept-pools-store';
import { confIn, filesIn, thrownBy, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2031-05-06T07:08:09.010Z');
const BACKUP_NAME = 'pool-ports.invalid-2031-05-06T07-08-09.010Z.json';

const open = () => openKeptPoolsStore({ createStore: confIn(tempDir()), now: () => NOW });
const filePath = () => path.join(tempDir(), 'pool-ports.json');
const pool = (poolId: string, port: number, overrides: Partial<KeptPool> = {}): KeptPool => ({
  poolId,
  source: { kind: 'plan', planId: 7 },
  port,
  protocol: 'http',
  strategy: 'round-robin',
  perRequest: false,
  localPassword: null,
  ...overrides,
});
const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';

describe('the kept pool ports', () => {
  it('are kept per account, one entry per pool, across a restart, in a file of their own', () => {
    const store = open();
    store.keep('acct-a', pool(A, 25001));
    store.keep(
      'acct-a',
      pool(B, 25002, {
        source: { kind: 'search', query: 'shop is:rotating' },
        strategy: 'sticky',
        perRequest: true,
        localPassword: 'pw',
      }),
    );
    store.keep('acct-a', pool(A, 25005, { source: { kind: 'pinned' } })); // replaces A
    store.keep('acct-b', pool(A, 25001));
    store.forget('acct-b', A);
    store.forget('acct-b', A); // again: nothing to do

    const again = open();
    const expected = [
      pool(B, 25002, {
        source: { kind: 'search', query: 'shop is:rotating' },
        strategy: 'sticky',
        perRequest: true,
        localPassword: 'pw',
      }),
      pool(A, 25005, { source: { kind: 'pinned' } }),
    ];
    expect(again.forAccount('acct-a')).toEqual(expected);
    expect(again.forAccount('acct-b')).toEqual([]);
    expect(again.recovery()).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(filePath(), 'utf8'))).toEqual({
      schemaVersion: 1,
      pools: { 'acct-a': expected },
    });
    if (process.platform !== 'win32') {
      expect(fs.statSync(filePath()).mode & 0o077).toBe(0);
    }
  });

  it('keeps every valid entry of a damaged file and says what it dropped, after a backup', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({
        schemaVersion: 1,
        pools: {
          'acct-a': [
            pool(A, 25001),
            pool(A, 25009),
            pool(B, 70000),
            { ...pool(B, 25002), source: { kind: 'plan' } },
            { ...pool('not-hex', 25003) },
            { ...pool(B, 25004), strategy: 'fastest-ever' },
            // Pool ids are 12 hex digits, no more: a longer one is not read.
            pool(`z${A}`, 25006),
            pool(`${A}z`, 25007),
          ],
          'acct-b': 'not a list',
        },
        stray: true,
      }),
    );
    const store = open();
    expect(store.forAccount('acct-a')).toEqual([pool(A, 25001)]);
    const unreadable = 'The pool ports file held an entry that could not be read; it was removed.';
    expect(store.recovery()?.problems).toEqual([
      "The pool ports file's unknown entry was removed.",
      ...Array.from({ length: 7 }, () => unreadable),
      "The pool ports file held an account's entries that were not a list; they were removed.",
    ]);
    expect(filesIn(tempDir())).toContain(BACKUP_NAME);
    expect(open().recovery()).toBeUndefined();
  });

  it('from a newer version, or without a version: said, and a newer one is not read', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({ schemaVersion: 2, pools: { a: [pool(A, 25001)] } }),
    );
    const newer = open();
    expect(newer.forAccount('a')).toEqual([]);
    expect(newer.recovery()?.problems).toEqual([
      'The pool ports file was written by a newer version of Proxy Tray (version 2), so nothing could be read from it.',
    ]);
    fs.writeFileSync(filePath(), JSON.stringify({ pools: { a: [pool(A, 25001)] } }));
    const unversioned = open();
    expect(unversioned.forAccount('a')).toEqual([pool(A, 25001)]);
    expect(unversioned.recovery()?.problems).toEqual([
      'The pool ports file had a missing or unreadable version number.',
    ]);
    // A version written as text is not a newer version: what can be read is.
    fs.writeFileSync(
      filePath(),
      JSON.stringify({ schemaVersion: '2', pools: { a: [pool(A, 25001)] } }),
    );
    const textual = open();
    expect(textual.forAccount('a')).toEqual([pool(A, 25001)]);
    expect(textual.recovery()?.problems).toEqual([
      'The pool ports file had a missing or unreadable version number.',
    ]);
  });

  it('are not written until a pool is kept, and a damaged file is set aside under the time of day', () => {
    const store = openKeptPoolsStore({ createStore: confIn(tempDir()) });
    expect(store.forAccount('acct-a')).toEqual([]);
    expect(filesIn(tempDir())).toEqual([]);
    fs.writeFileSync(filePath(), '{ not json');
    openKeptPoolsStore({ createStore: confIn(tempDir()) });
    expect(filesIn(tempDir())).toEqual([
      expect.stringMatching(/^pool-ports\.invalid-\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z\.json$/),
      'pool-ports.json',
    ]);
  });

  it('a failed write is a storage error, and nothing changes', () => {
    const store = open();
    store.keep('acct-a', pool(A, 25001));
    // A folder where the file should be: the write fails whoever runs the test (root too).
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    expect(thrownBy(() => store.keep('acct-a', pool(B, 25002))).kind).toBe('storage');
    const failure = thrownBy(() => store.forget('acct-a', A));
    expect(failure.kind).toBe('storage');
    expect(failure.message).toMatch(/^The pool ports could not be saved to /);
    // Forgetting what is not kept writes nothing, so it cannot fail.
    expect(() => store.forget('acct-a', B)).not.toThrow();
    expect(() => store.forget('acct-b', A)).not.toThrow();
    expect(store.forAccount('acct-a')).toEqual([pool(A, 25001)]);
  });
});
