import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  readListsByAccount,
  storedByAccount,
  withEntries,
} from '../../../src/main/store/lists-by-account';

/** An entry as the kept ports' and pools' files hold them: an object keyed by its proxy id. */
const entrySchema = z.strictObject({ proxyId: z.int().positive(), name: z.string() });
type Entry = z.infer<typeof entrySchema>;

const WHAT = 'The kept things file';

function read(byAccount: unknown): { lists: Map<string, readonly Entry[]>; problems: string[] } {
  const lists = new Map<string, readonly Entry[]>();
  const problems: string[] = [];
  readListsByAccount(byAccount, lists, entrySchema, (entry) => entry.proxyId, WHAT, problems);
  return { lists, problems };
}

const office = { proxyId: 1, name: 'Office' };
const home = { proxyId: 2, name: 'Home' };

describe('lists kept per account, read back from a file', () => {
  it('keeps every account’s valid entries, in order, with nothing to report', () => {
    const { lists, problems } = read({ 'acct-a': [office, home], 'acct-b': [home] });
    expect([...lists]).toEqual([
      ['acct-a', [office, home]],
      ['acct-b', [home]],
    ]);
    expect(problems).toEqual([]);
  });

  it('reads nothing, and reports nothing, when the file has no such part', () => {
    expect(read(undefined)).toEqual({ lists: new Map(), problems: [] });
  });

  it('reports a part that is not an object, and reads none of it', () => {
    for (const part of [[office], 'acct-a', 7, null]) {
      expect(read(part), JSON.stringify(part)).toEqual({
        lists: new Map(),
        problems: [`${WHAT} held a part that was not an object; it was not read.`],
      });
    }
  });

  it('removes an account whose entries are not a list, or whose id is not an account id', () => {
    const { lists, problems } = read({
      'acct-a': { 0: office },
      '': [office],
      ['x'.repeat(201)]: [office],
      'acct-b': [home],
    });
    expect([...lists]).toEqual([['acct-b', [home]]]);
    expect(problems).toEqual(
      Array(3).fill(`${WHAT} held an account's entries that were not a list; they were removed.`),
    );
  });

  it('removes each entry that cannot be read, and a repeat of one already kept, one line each', () => {
    const { lists, problems } = read({
      'acct-a': [office, { proxyId: 0, name: 'Zero' }, 'Home', { ...office, name: 'Again' }, home],
    });
    expect([...lists]).toEqual([['acct-a', [office, home]]]);
    expect(problems).toEqual(
      Array(3).fill(`${WHAT} held an entry that could not be read; it was removed.`),
    );
  });

  it('keeps no account whose list is empty, or whose every entry was removed', () => {
    const { lists, problems } = read({
      'acct-a': [],
      'acct-b': [{ proxyId: -1 }],
      'acct-c': [home],
    });
    expect([...lists.keys()]).toEqual(['acct-c']);
    expect(problems).toEqual([`${WHAT} held an entry that could not be read; it was removed.`]);
  });
});

describe('lists kept per account, changed and written back', () => {
  it('replaces one account’s entries in a copy, leaving the original as it was', () => {
    const before = new Map<string, readonly Entry[]>([
      ['acct-a', [office]],
      ['acct-b', [home]],
    ]);
    const after = withEntries(before, 'acct-a', [office, home]);
    expect([...after]).toEqual([
      ['acct-a', [office, home]],
      ['acct-b', [home]],
    ]);
    expect([...before]).toEqual([
      ['acct-a', [office]],
      ['acct-b', [home]],
    ]);
    expect([...withEntries(before, 'acct-c', [home])]).toContainEqual(['acct-c', [home]]);
  });

  it('forgets an account whose list becomes empty', () => {
    const before = new Map<string, readonly Entry[]>([
      ['acct-a', [office]],
      ['acct-b', [home]],
    ]);
    expect([...withEntries(before, 'acct-a', [])]).toEqual([['acct-b', [home]]]);
  });

  it('writes each account as a key of its own, "__proto__" included, and reads it back', () => {
    const lists = new Map<string, readonly Entry[]>([
      ['__proto__', [office]],
      ['acct-b', [home, office]],
    ]);
    const text = JSON.stringify(storedByAccount(lists));
    expect(text).toBe(
      '{"__proto__":[{"proxyId":1,"name":"Office"}],' +
        '"acct-b":[{"proxyId":2,"name":"Home"},{"proxyId":1,"name":"Office"}]}',
    );
    expect(read(JSON.parse(text)).lists).toEqual(lists);
  });

  it('writes copies of the lists: a later change to the map does not reach what was written', () => {
    const entries: Entry[] = [office];
    const stored = storedByAccount(new Map([['acct-a', entries]]));
    entries.push(home);
    expect(stored['acct-a']).toEqual([office]);
  });
});
