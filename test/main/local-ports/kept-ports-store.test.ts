import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openKeptPortsStore } from '../../../src/main/local-ports/kept-ports-store';
import { confIn, filesIn, thrownBy, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2031-05-06T07:08:09.010Z');
const BACKUP_NAME = 'local-ports.invalid-2031-05-06T07-08-09.010Z.json';

const open = () => openKeptPortsStore({ createStore: confIn(tempDir()), now: () => NOW });
const filePath = () => path.join(tempDir(), 'local-ports.json');
const port = (proxyId: number, number: number) => ({
  proxyId,
  port: number,
  protocol: 'http' as const,
  localPassword: null,
});

describe('the kept local ports', () => {
  it('are kept per account, one per proxy, with the kept browser profiles, across a restart', () => {
    const store = open();
    store.keep('acct-a', port(1, 24001));
    store.keep('acct-a', { ...port(2, 24002), protocol: 'socks5', localPassword: 'pw' });
    store.keep('acct-a', port(1, 24005)); // replaces the proxy's entry
    store.keep('acct-b', port(1, 24001));
    store.forget('acct-b', 1);
    store.forget('acct-b', 1); // again: nothing to do
    store.setKeepBrowserProfile('acct-a', 2, true);
    store.setKeepBrowserProfile('acct-a', 3, true);
    store.setKeepBrowserProfile('acct-a', 3, false);

    const again = open();
    expect(again.forAccount('acct-a')).toEqual([
      { ...port(2, 24002), protocol: 'socks5', localPassword: 'pw' },
      port(1, 24005),
    ]);
    expect(again.forAccount('acct-b')).toEqual([]);
    expect(again.keepsBrowserProfile('acct-a', 2)).toBe(true);
    expect(again.keepsBrowserProfile('acct-a', 3)).toBe(false);
    expect(again.recovery()).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(filePath(), 'utf8'))).toEqual({
      schemaVersion: 1,
      ports: {
        'acct-a': [{ ...port(2, 24002), protocol: 'socks5', localPassword: 'pw' }, port(1, 24005)],
      },
      browserProfiles: { 'acct-a': [2] },
    });
  });

  it('keeps every valid entry of a damaged file and says what it dropped, after a backup', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({
        schemaVersion: 1,
        ports: {
          'acct-a': [port(1, 24001), port(1, 24009), { ...port(2, 70000) }, 'x'],
          'acct-b': 'not a list',
        },
        browserProfiles: { 'acct-a': [5, 5, -1] },
        stray: true,
      }),
    );
    const store = open();
    expect(store.forAccount('acct-a')).toEqual([port(1, 24001)]);
    expect(store.keepsBrowserProfile('acct-a', 5)).toBe(true);
    expect(store.recovery()?.problems.length).toBe(7);
    expect(filesIn(tempDir())).toContain(BACKUP_NAME);
    expect(open().recovery()).toBeUndefined();
  });

  it('from a newer version: nothing read, after a backup', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({ schemaVersion: 2, ports: { a: [port(1, 24001)] } }),
    );
    const store = open();
    expect(store.forAccount('a')).toEqual([]);
    expect(store.recovery()?.problems[0]).toMatch(/newer version of Proxy Tray/);
  });

  it('a failed write is a storage error, and nothing changes', () => {
    const store = open();
    store.keep('acct-a', port(1, 24001));
    // A folder where the file should be: the write fails whoever runs the test (root too).
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    const failure = thrownBy(() => store.keep('acct-a', port(2, 24002)));
    expect(failure.kind).toBe('storage');
    expect(failure.message).toMatch(/^The local ports could not be saved to /);
    expect(thrownBy(() => store.setKeepBrowserProfile('acct-a', 2, true)).kind).toBe('storage');
    expect(store.forAccount('acct-a')).toEqual([port(1, 24001)]);
    expect(store.keepsBrowserProfile('acct-a', 2)).toBe(false);
  });

  it('writes nothing for a change that changes nothing, nor when opened', () => {
    const store = open();
    expect(fs.existsSync(filePath())).toBe(false);
    store.keep('acct-a', port(1, 24001));
    store.setKeepBrowserProfile('acct-a', 2, true);
    // A folder where the file should be: any write would throw.
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    store.forget('acct-a', 9);
    store.forget('acct-z', 1);
    store.setKeepBrowserProfile('acct-a', 2, true);
    store.setKeepBrowserProfile('acct-a', 3, false);
    store.setKeepBrowserProfile('acct-z', 3, false);
    expect(store.forAccount('acct-a')).toEqual([port(1, 24001)]);
    expect(store.keepsBrowserProfile('acct-a', 2)).toBe(true);
  });

  it("backs a damaged file up under the time it was found, by the computer's clock", () => {
    fs.writeFileSync(filePath(), '{ not json');
    const day = () => new Date().toISOString().slice(0, 10);
    const before = day();
    const store = openKeptPortsStore({ createStore: confIn(tempDir()) });
    // Either side of midnight, should the test run across it.
    const days = [before, day()];
    const backup = path.basename(store.recovery()?.backupPath ?? '');
    expect(days).toContain(/^local-ports\.invalid-(\d{4}-\d{2}-\d{2})T/.exec(backup)?.[1]);
  });
});
