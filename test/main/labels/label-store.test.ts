import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { confIn, filesIn, thrownBy, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();

function open() {
  return openLabelStore({ createStore: confIn(tempDir()) });
}

function labelsFile(): string {
  return path.join(tempDir(), 'labels.json');
}

describe('label store', () => {
  it('sets, gets and deletes a label', () => {
    const store = open();
    expect(store.get('acct-a', 7)).toBeUndefined();
    store.set('acct-a', 7, 'office');
    expect(store.get('acct-a', 7)).toBe('office');
    store.set('acct-a', 7, 'home');
    expect(store.get('acct-a', 7)).toBe('home');
    store.delete('acct-a', 7);
    expect(store.get('acct-a', 7)).toBeUndefined();
    expect(store.forAccount('acct-a').size).toBe(0);
  });

  it('an empty label clears it', () => {
    const store = open();
    store.set('acct-a', 7, 'office');
    store.set('acct-a', 7, '');
    expect(store.get('acct-a', 7)).toBeUndefined();
    expect(open().get('acct-a', 7)).toBeUndefined();
  });

  it('keeps labels across re-opening, exactly as given', () => {
    const store = open();
    const odd = 'Büro 🇩🇪 "quoted" \\ <img src=x onerror=alert(1)>\n second line';
    store.set('acct-a', 1, 'first');
    store.set('acct-a', 2, odd);
    store.set('acct-b', 1, 'other account');
    store.delete('acct-a', 1);
    const reopened = open();
    expect(reopened.recovery()).toBeUndefined();
    expect([...reopened.forAccount('acct-a')]).toEqual([[2, odd]]);
    expect([...reopened.forAccount('acct-b')]).toEqual([[1, 'other account']]);
  });

  it('keeps accounts apart', () => {
    const store = open();
    store.set('acct-a', 5, 'a-five');
    store.set('acct-b', 5, 'b-five');
    expect(store.get('acct-a', 5)).toBe('a-five');
    expect(store.get('acct-b', 5)).toBe('b-five');
    store.delete('acct-a', 5);
    expect(store.get('acct-b', 5)).toBe('b-five');
    expect(store.forAccount('acct-c').size).toBe(0);
  });

  it('removeAccount forgets one account’s labels only, on disk too', () => {
    const store = open();
    store.set('acct-a', 1, 'one');
    store.set('acct-a', 2, 'two');
    store.set('acct-b', 1, 'b-one');
    store.removeAccount('acct-a');
    expect(store.forAccount('acct-a').size).toBe(0);
    expect(store.get('acct-b', 1)).toBe('b-one');
    const reopened = open();
    expect(reopened.forAccount('acct-a').size).toBe(0);
    expect(reopened.get('acct-b', 1)).toBe('b-one');
    const stored = JSON.parse(fs.readFileSync(labelsFile(), 'utf8')) as unknown;
    expect(stored).toEqual({ schemaVersion: 1, labels: { 'acct-b': { '1': 'b-one' } } });
  });

  it('deleting or clearing an account’s last label leaves no trace of the account in the file', () => {
    const store = open();
    store.set('acct-a', 1, 'one');
    store.set('acct-b', 2, 'two');
    store.set('acct-c', 3, 'three');
    store.delete('acct-a', 1);
    store.set('acct-b', 2, '');
    const stored = JSON.parse(fs.readFileSync(labelsFile(), 'utf8')) as unknown;
    expect(stored).toEqual({ schemaVersion: 1, labels: { 'acct-c': { '3': 'three' } } });
  });

  it('a first label whose write failed leaves no trace of its account in later writes', () => {
    const store = open();
    fs.mkdirSync(labelsFile());
    expect(thrownBy(() => store.set('acct-a', 1, 'lost')).kind).toBe('storage');
    fs.rmdirSync(labelsFile());
    store.set('acct-b', 2, 'saved');
    const stored = JSON.parse(fs.readFileSync(labelsFile(), 'utf8')) as unknown;
    expect(stored).toEqual({ schemaVersion: 1, labels: { 'acct-b': { '2': 'saved' } } });
  });

  it('forAccount gives a snapshot that later changes do not alter', () => {
    const store = open();
    store.set('acct-a', 1, 'before');
    const snapshot = store.forAccount('acct-a');
    store.set('acct-a', 1, 'after');
    store.set('acct-a', 2, 'new');
    expect([...snapshot]).toEqual([[1, 'before']]);
  });

  it('accepts 1000 characters (counted as people see them) and refuses 1001', () => {
    const store = open();
    const families = '👨‍👩‍👧‍👦'.repeat(1000); // 7000 code points, 11000 UTF-16 units
    store.set('acct-a', 1, families);
    expect(store.get('acct-a', 1)).toBe(families);
    const error = thrownBy(() => store.set('acct-a', 1, '👨‍👩‍👧‍👦'.repeat(1001)));
    expect(error.message).toBe(
      'The label was not saved. The label must be at most 1000 characters long.',
    );
    store.set('acct-a', 1, families);
    expect(thrownBy(() => store.set('acct-a', 1, 'x'.repeat(1001))).kind).toBe('invalid_input');
  });

  it('refuses 1001 plain characters with the same words', () => {
    const store = open();
    const flags = '🇩🇪'.repeat(1000);
    store.set('acct-a', 1, flags);
    const error = thrownBy(() => store.set('acct-a', 1, 'x'.repeat(1001)));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      'The label was not saved. The label must be at most 1000 characters long.',
    );
    expect(store.get('acct-a', 1)).toBe(flags);
    // The reason alone, for a form to show beside the field.
    expect(error.problems).toEqual(['The label must be at most 1000 characters long.']);
  });

  it('refuses bad ids and writes nothing', () => {
    const store = open();
    for (const proxyId of [0, -3, 1.5, Number.NaN]) {
      expect(thrownBy(() => store.set('acct-a', proxyId, 'x')).kind).toBe('invalid_input');
    }
    expect(thrownBy(() => store.set('', 1, 'x')).message).toContain('must not be empty');
    expect(thrownBy(() => store.set('a'.repeat(201), 1, 'x')).kind).toBe('invalid_input');
    expect(thrownBy(() => store.delete('acct-a', 0)).kind).toBe('invalid_input');
    const badProxy = thrownBy(() => store.set('acct-a', -1, 'x'));
    expect(badProxy.message).toBe(
      'The label was not saved: the proxy id must be a positive integer.',
    );
    expect(badProxy.problems).toEqual([badProxy.message]);
    expect(filesIn(tempDir())).toEqual([]);
  });

  it('an account id such as __proto__ is an ordinary key', () => {
    const store = open();
    store.set('__proto__', 3, 'odd id');
    store.set('constructor', 4, 'also odd');
    const reopened = open();
    expect(reopened.recovery()).toBeUndefined();
    expect(reopened.get('__proto__', 3)).toBe('odd id');
    expect(reopened.get('constructor', 4)).toBe('also odd');
  });

  it('a failed write is a storage error, and the label stays as it was', () => {
    const store = open();
    store.set('acct-a', 1, 'kept');
    fs.rmSync(labelsFile());
    fs.mkdirSync(labelsFile());
    const error = thrownBy(() => store.set('acct-a', 1, 'lost'));
    expect(error.kind).toBe('storage');
    expect(store.get('acct-a', 1)).toBe('kept');
    expect(thrownBy(() => store.set('acct-a', 2, 'new')).kind).toBe('storage');
    expect(store.get('acct-a', 2)).toBeUndefined();
    expect(thrownBy(() => store.removeAccount('acct-a')).kind).toBe('storage');
    expect(store.get('acct-a', 1)).toBe('kept');
    expect(thrownBy(() => store.delete('acct-a', 1)).kind).toBe('storage');
    expect([...store.forAccount('acct-a')]).toEqual([[1, 'kept']]);
  });

  it('a change that changes nothing writes nothing, so it succeeds even when the file cannot be written', () => {
    const store = open();
    store.set('acct-a', 1, 'kept');
    fs.rmSync(labelsFile());
    fs.mkdirSync(labelsFile());
    store.set('acct-a', 1, 'kept');
    store.set('acct-a', 2, '');
    store.delete('acct-a', 3);
    store.delete('acct-b', 1);
    store.removeAccount('acct-b');
    expect([...store.forAccount('acct-a')]).toEqual([[1, 'kept']]);
    expect(store.forAccount('acct-b').size).toBe(0);
  });

  it('lives in its own file, so a settings reset never touches labels', () => {
    const labels = open();
    labels.set('acct-a', 1, 'survives');
    fs.writeFileSync(path.join(tempDir(), 'settings.json'), 'garbage');
    const settings = openSettingsStore({ createStore: confIn(tempDir()) });
    expect(settings.recovery()).toBeDefined();
    expect(open().get('acct-a', 1)).toBe('survives');
    expect(labels.path).toBe(labelsFile());
  });
});
