import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { confIn, filesIn, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2031-05-06T07:08:09.010Z');
const BACKUP_NAME = 'labels.invalid-2031-05-06T07-08-09.010Z.json';

function open() {
  return openLabelStore({ createStore: confIn(tempDir()), now: () => NOW });
}

function writeLabelsFile(content: string): Buffer {
  const bytes = Buffer.from(content, 'utf8');
  fs.writeFileSync(path.join(tempDir(), 'labels.json'), bytes);
  return bytes;
}

function expectRecovered(original: Buffer) {
  const store = open();
  const recovery = store.recovery();
  if (!recovery) throw new Error('expected a recovery report');
  expect(recovery.backupPath).toBe(path.join(tempDir(), BACKUP_NAME));
  expect(fs.readFileSync(recovery.backupPath)).toEqual(original);
  expect(filesIn(tempDir())).toEqual([BACKUP_NAME, 'labels.json']);
  const again = openLabelStore({ createStore: confIn(tempDir()) });
  expect(again.recovery()).toBeUndefined();
  return { store, again, problems: recovery.problems };
}

describe('recovery of a labels file that cannot be used as it is', () => {
  it('not JSON: no labels, after a backup of the original bytes', () => {
    const { store, problems } = expectRecovered(writeLabelsFile('{"labels": {"a": {"1": "x"'));
    expect(store.forAccount('a').size).toBe(0);
    expect(problems).toEqual(['The labels file was not valid JSON.']);
  });

  it('an empty file', () => {
    const { problems } = expectRecovered(writeLabelsFile(''));
    expect(problems).toEqual(['The labels file was empty.']);
  });

  it('keeps every valid label and drops only the bad entries', () => {
    const original = writeLabelsFile(
      JSON.stringify({
        schemaVersion: 1,
        labels: {
          'acct-a': { '1': 'good', '2': 42, '03': 'leading zero', '-4': 'negative', '5': 'fine' },
          'acct-b': 'not an object',
          'acct-c': { '9': 'x'.repeat(1001), '10': 'kept', '11': '' },
          '': { '1': 'no account id' },
        },
      }),
    );
    const { store, again, problems } = expectRecovered(original);
    for (const opened of [store, again]) {
      expect([...opened.forAccount('acct-a')]).toEqual([
        [1, 'good'],
        [5, 'fine'],
      ]);
      expect([...opened.forAccount('acct-c')]).toEqual([[10, 'kept']]);
      expect(opened.forAccount('acct-b').size).toBe(0);
    }
    expect(problems).toEqual([
      'The label of proxy 2 of account “acct-a” was not valid and was removed: A label must be text.',
      'A label of account “acct-a” had an invalid proxy id (“03”) and was removed.',
      'A label of account “acct-a” had an invalid proxy id (“-4”) and was removed.',
      'The labels of account “acct-b” were not an object and were removed.',
      'The label of proxy 9 of account “acct-c” was not valid and was removed: The label must be at most 1000 characters long.',
      'The label of proxy 11 of account “acct-c” was not valid and was removed: it was empty.',
      'Labels stored under an invalid account id (“”) were removed.',
    ]);
  });

  it('a top level that is not an object (null, a list, a number): no labels, after a backup', () => {
    for (const content of ['null', '[{"a": {"1": "x"}}]', '7']) {
      const { store, problems } = expectRecovered(writeLabelsFile(content));
      expect(store.forAccount('a').size, content).toBe(0);
      expect(problems, content).toEqual(['The labels file did not hold a JSON object.']);
      for (const name of filesIn(tempDir())) fs.rmSync(path.join(tempDir(), name));
    }
  });

  it('without a clock given, as the app opens it, the backup is named after the time of opening', () => {
    const original = writeLabelsFile('not json');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2032-11-12T13:14:15.016Z'));
      const store = openLabelStore({ createStore: confIn(tempDir()) });
      const backupPath = path.join(tempDir(), 'labels.invalid-2032-11-12T13-14-15.016Z.json');
      expect(store.recovery()?.backupPath).toBe(backupPath);
      expect(fs.readFileSync(backupPath)).toEqual(original);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a file from a newer version: no labels, after a backup', () => {
    const { store, problems } = expectRecovered(
      writeLabelsFile(JSON.stringify({ schemaVersion: 2, labels: { a: { '1': 'x' } } })),
    );
    expect(store.get('a', 1)).toBeUndefined();
    expect(problems).toEqual([
      'The labels file was written by a newer version of Proxy Tray (labels version 2; this version knows up to 1), so no labels could be read.',
    ]);
  });

  it('a version that is not a whole number is unreadable, not newer: the labels are kept', () => {
    for (const schemaVersion of [2.5, '2', 1e300, null]) {
      const { store, problems } = expectRecovered(
        writeLabelsFile(JSON.stringify({ schemaVersion, labels: { a: { '1': 'x' } } })),
      );
      expect(store.get('a', 1), String(schemaVersion)).toBe('x');
      expect(problems, String(schemaVersion)).toEqual([
        'The labels file had a missing or unreadable version number; its labels were read as the current version.',
      ]);
      for (const name of filesIn(tempDir())) fs.rmSync(path.join(tempDir(), name));
    }
  });

  it('an account whose every label was removed is not written back', () => {
    const { again } = expectRecovered(
      writeLabelsFile(
        JSON.stringify({ schemaVersion: 1, labels: { gone: { '1': 42 }, kept: { '2': 'x' } } }),
      ),
    );
    expect([...again.forAccount('kept')]).toEqual([[2, 'x']]);
    const stored = JSON.parse(fs.readFileSync(path.join(tempDir(), 'labels.json'), 'utf8'));
    expect(stored).toEqual({ schemaVersion: 1, labels: { kept: { '2': 'x' } } });
  });

  it('labels that are not an object: none, after a backup', () => {
    for (const labels of [[{ '1': 'x' }], 'a', null]) {
      const { store, problems } = expectRecovered(
        writeLabelsFile(JSON.stringify({ schemaVersion: 1, labels })),
      );
      expect(store.forAccount('0').size, JSON.stringify(labels)).toBe(0);
      expect(problems, JSON.stringify(labels)).toEqual([
        'The labels file did not hold its labels as an object; none could be read.',
      ]);
      for (const name of filesIn(tempDir())) fs.rmSync(path.join(tempDir(), name));
    }
  });

  it('a current file without any labels yet is fine as it is', () => {
    const content = JSON.stringify({ schemaVersion: 1 });
    writeLabelsFile(content);
    const store = open();
    expect(store.recovery()).toBeUndefined();
    expect(fs.readFileSync(path.join(tempDir(), 'labels.json'), 'utf8')).toBe(content);
  });

  it('names a long key or id by its first 60 characters only', () => {
    const sixty = 'k'.repeat(60);
    const long = `${'a'.repeat(60)}bcd`;
    const { problems } = expectRecovered(
      writeLabelsFile(
        JSON.stringify({
          schemaVersion: 1,
          [sixty]: 1,
          [long]: 2,
          labels: {
            ['i'.repeat(201)]: { '1': 'x' },
            [long]: 'not an object',
            [sixty]: { [long]: 'x', '2': 7 },
          },
        }),
      ),
    );
    const cut = `${'a'.repeat(60)}…`;
    expect(problems).toEqual([
      `The unknown entry “${sixty}” of the labels file was removed.`,
      `The unknown entry “${cut}” of the labels file was removed.`,
      `Labels stored under an invalid account id (“${'i'.repeat(60)}…”) were removed.`,
      `The labels of account “${cut}” were not an object and were removed.`,
      // Within an account, integer-like keys come first, as JavaScript orders them.
      `The label of proxy 2 of account “${sixty}” was not valid and was removed: A label must be text.`,
      `A label of account “${sixty}” had an invalid proxy id (“${cut}”) and was removed.`,
    ]);
  });

  it('a missing version and unknown keys are reported; the labels are kept', () => {
    const { store, problems } = expectRecovered(
      writeLabelsFile(JSON.stringify({ labels: { a: { '1': 'x' } }, extra: true })),
    );
    expect(store.get('a', 1)).toBe('x');
    expect(problems).toEqual([
      'The labels file had a missing or unreadable version number; its labels were read as the current version.',
      'The unknown entry “extra” of the labels file was removed.',
    ]);
  });

  it('many bad entries are summed up rather than listed one by one', () => {
    const entries = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i + 1}`, i]));
    const { problems } = expectRecovered(
      writeLabelsFile(JSON.stringify({ schemaVersion: 1, labels: { a: entries } })),
    );
    expect(problems).toHaveLength(21);
    expect(problems.at(-1)).toBe('…and 30 more problems of the same kind.');
  });

  it('twenty bad entries are each listed; one more and the last line sums it up', () => {
    const badLabels = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`${i + 1}`, i]));
    const twenty = expectRecovered(
      writeLabelsFile(JSON.stringify({ schemaVersion: 1, labels: { a: badLabels(20) } })),
    ).problems;
    expect(twenty).toHaveLength(20);
    expect(twenty.at(-1)).toBe(
      'The label of proxy 20 of account “a” was not valid and was removed: A label must be text.',
    );
    for (const name of filesIn(tempDir())) fs.rmSync(path.join(tempDir(), name));

    const twentyOne = expectRecovered(
      writeLabelsFile(JSON.stringify({ schemaVersion: 1, labels: { a: badLabels(21) } })),
    ).problems;
    expect(twentyOne).toHaveLength(21);
    expect(twentyOne.slice(0, 20)).toEqual(twenty);
    expect(twentyOne.at(-1)).toBe('…and 1 more problem of the same kind.');
  });

  it('a valid file needs no recovery and is not rewritten', () => {
    const content = JSON.stringify({ schemaVersion: 1, labels: { a: { '12': 'twelve' } } });
    writeLabelsFile(content);
    const store = open();
    expect(store.recovery()).toBeUndefined();
    expect(store.get('a', 12)).toBe('twelve');
    expect(filesIn(tempDir())).toEqual(['labels.json']);
    expect(fs.readFileSync(path.join(tempDir(), 'labels.json'), 'utf8')).toBe(content);
  });
});
