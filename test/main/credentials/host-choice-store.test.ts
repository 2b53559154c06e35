import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHostChoiceStore } from '../../../src/main/credentials/host-choice-store';
import { confIn, filesIn, onFullDisk, thrownBy, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2031-05-06T07:08:09.010Z');
const BACKUP_NAME = 'host-choices.invalid-2031-05-06T07-08-09.010Z.json';

const open = () => openHostChoiceStore({ createStore: confIn(tempDir()), now: () => NOW });
const filePath = () => path.join(tempDir(), 'host-choices.json');

describe('the host choice remembered per plan', () => {
  it('is kept per account and plan, in its own file, across a restart', () => {
    const store = open();
    expect(store.get('acct-a', 1)).toBeUndefined();
    store.set('acct-a', 1, 'ipv6');
    store.set('acct-a', 2, 'ipv4');
    store.set('acct-b', 1, 'entry');
    store.set('acct-a', 1, 'ipv4');

    const again = open();
    expect(again.get('acct-a', 1)).toBe('ipv4');
    expect(again.get('acct-a', 2)).toBe('ipv4');
    expect(again.get('acct-b', 1)).toBe('entry');
    expect(again.get('acct-b', 2)).toBeUndefined();
    expect(again.recovery()).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(filePath(), 'utf8'))).toEqual({
      schemaVersion: 1,
      hostChoices: { 'acct-a': { '1': 'ipv4', '2': 'ipv4' }, 'acct-b': { '1': 'entry' } },
    });
  });

  it("forgets a plan's choice, on disk too, and lists an account's choices", () => {
    const store = open();
    store.set('acct-a', 1, 'ipv6');
    store.set('acct-a', 2, 'ipv4');
    store.set('acct-b', 1, 'entry');
    expect([...store.ofAccount('acct-a')]).toEqual([
      [1, 'ipv6'],
      [2, 'ipv4'],
    ]);
    store.forget('acct-a', 1);
    store.forget('acct-a', 9);
    store.forget('acct-c', 1);
    expect(store.get('acct-a', 1)).toBeUndefined();
    expect([...store.ofAccount('acct-a')]).toEqual([[2, 'ipv4']]);

    const again = open();
    expect(again.get('acct-a', 1)).toBeUndefined();
    expect(again.get('acct-a', 2)).toBe('ipv4');
    expect(again.get('acct-b', 1)).toBe('entry');
    expect([...again.ofAccount('acct-c')]).toEqual([]);
    // Forgetting what was never chosen leaves no trace in the file.
    expect(JSON.parse(fs.readFileSync(filePath(), 'utf8'))).toEqual({
      schemaVersion: 1,
      hostChoices: { 'acct-a': { '2': 'ipv4' }, 'acct-b': { '1': 'entry' } },
    });
  });

  it('keeps an account id such as "__proto__" as an ordinary key', () => {
    open().set('__proto__', 7, 'ipv6');
    expect(open().get('__proto__', 7)).toBe('ipv6');
  });

  it('a file that is not JSON: nothing remembered, the original backed up, said once', () => {
    const original = Buffer.from('{"hostChoices": {', 'utf8');
    fs.writeFileSync(filePath(), original);
    const store = open();
    expect(store.get('acct-a', 1)).toBeUndefined();
    const recovery = store.recovery();
    expect(recovery?.problems).toEqual(['The host choices file was not valid JSON.']);
    expect(recovery?.backupPath).toBe(path.join(tempDir(), BACKUP_NAME));
    expect(fs.readFileSync(path.join(tempDir(), BACKUP_NAME))).toEqual(original);
    expect(filesIn(tempDir())).toEqual([BACKUP_NAME, 'host-choices.json']);
    // Replaced by what could be kept: the next start has nothing to report.
    expect(open().recovery()).toBeUndefined();
    store.set('acct-a', 1, 'ipv6');
    expect(open().get('acct-a', 1)).toBe('ipv6');
  });

  it('keeps every valid entry and drops only the bad ones', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({
        schemaVersion: 1,
        hostChoices: {
          'acct-a': { '1': 'ipv6', '2': 'ipv7', '03': 'ipv4', '4': 'entry' },
          'acct-b': 'not an object',
        },
        stray: true,
      }),
    );
    const store = open();
    expect(store.get('acct-a', 1)).toBe('ipv6');
    expect(store.get('acct-a', 4)).toBe('entry');
    expect(store.get('acct-a', 2)).toBeUndefined();
    expect(store.get('acct-a', 3)).toBeUndefined();
    expect(store.recovery()?.problems).toEqual([
      'The unknown entry “stray” of the host choices file was removed.',
      'A host choice of account “acct-a” (plan “2”) was not valid and was removed.',
      'A host choice of account “acct-a” (plan “03”) was not valid and was removed.',
      'The host choices of account “acct-b” could not be read.',
    ]);
  });

  it('a file from a newer version: nothing read, after a backup', () => {
    fs.writeFileSync(
      filePath(),
      JSON.stringify({ schemaVersion: 2, hostChoices: { a: { '1': 'ipv6' } } }),
    );
    const store = open();
    expect(store.get('a', 1)).toBeUndefined();
    expect(store.recovery()?.problems[0]).toMatch(/newer version of Proxy Tray/);
    expect(filesIn(tempDir())).toContain(BACKUP_NAME);
  });

  it('a failed write is a storage error, and the choice stays as it was', () => {
    const store = open();
    store.set('acct-a', 1, 'ipv4');
    // A folder where the file should be: the write fails whoever runs the test (root too).
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    const error = thrownBy(() => store.set('acct-a', 1, 'ipv6'));
    expect(error.kind).toBe('storage');
    expect(error.message).toMatch(/^The host choices could not be saved/);
    expect(store.get('acct-a', 1)).toBe('ipv4');
    expect(thrownBy(() => store.set('acct-b', 2, 'entry')).kind).toBe('storage');
    expect(store.get('acct-b', 2)).toBeUndefined();
  });

  it('a failed forget is a storage error too, and the choice is still there', () => {
    const store = open();
    store.set('acct-a', 1, 'ipv4');
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    const error = thrownBy(() => store.forget('acct-a', 1));
    expect(error.kind).toBe('storage');
    expect(error.message).toMatch(/^The host choices could not be saved/);
    expect(store.get('acct-a', 1)).toBe('ipv4');
  });

  it('picking the host already chosen, or forgetting none, saves nothing and cannot fail', () => {
    const store = open();
    store.set('acct-a', 1, 'ipv4');
    // The file could not be written now: nothing needs to be.
    fs.rmSync(filePath());
    fs.mkdirSync(filePath());
    store.set('acct-a', 1, 'ipv4');
    store.forget('acct-a', 2);
    store.forget('acct-b', 1);
    expect(store.get('acct-a', 1)).toBe('ipv4');
  });

  it('opening writes nothing: no file until a choice is made, a good file left as it is', () => {
    open();
    expect(filesIn(tempDir())).toEqual([]);
    const written = '{ "schemaVersion": 1,\n  "hostChoices": { "acct-a": { "1": "ipv6" } } }';
    fs.writeFileSync(filePath(), written);
    expect(open().get('acct-a', 1)).toBe('ipv6');
    expect(fs.readFileSync(filePath(), 'utf8')).toBe(written);
  });

  it('a recovered file that cannot be written back: opening fails, saying so', () => {
    fs.writeFileSync(filePath(), '{"hostChoices": {');
    const error = thrownBy(() =>
      openHostChoiceStore({ createStore: onFullDisk(confIn(tempDir())), now: () => NOW }),
    );
    expect(error.kind).toBe('storage');
    expect(error.message).toMatch(/^The host choices could not be saved to .*host-choices\.json/);
  });
});
