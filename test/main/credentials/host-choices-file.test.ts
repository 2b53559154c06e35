import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHostChoiceStore } from '../../../src/main/credentials/host-choice-store';
import { confIn, useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2031-05-06T07:08:09.010Z');

const filePath = () => path.join(tempDir(), 'host-choices.json');
/** Opens the store over `content` written as the file. */
function openOver(content: unknown) {
  fs.writeFileSync(filePath(), JSON.stringify(content));
  return openHostChoiceStore({ createStore: confIn(tempDir()), now: () => NOW });
}
const fileNow = () => JSON.parse(fs.readFileSync(filePath(), 'utf8')) as unknown;

describe('the host choices file as found at start', () => {
  it('without a version: its choices kept, the missing version said and written back', () => {
    const store = openOver({ hostChoices: { 'acct-a': { '1': 'ipv6' } } });
    expect(store.get('acct-a', 1)).toBe('ipv6');
    expect(store.recovery()?.problems).toEqual([
      'The host choices file had a missing or unreadable version number.',
    ]);
    expect(fileNow()).toEqual({ schemaVersion: 1, hostChoices: { 'acct-a': { '1': 'ipv6' } } });
  });

  it('a version written as text is unreadable, not newer: the choices are still read', () => {
    const store = openOver({ schemaVersion: '2', hostChoices: { 'acct-a': { '1': 'ipv4' } } });
    expect(store.get('acct-a', 1)).toBe('ipv4');
    expect(store.recovery()?.problems).toEqual([
      'The host choices file had a missing or unreadable version number.',
    ]);
  });

  it('with a version and no choices yet: nothing to say', () => {
    const store = openOver({ schemaVersion: 1 });
    expect(store.recovery()).toBeUndefined();
    expect([...store.ofAccount('acct-a')]).toEqual([]);
  });

  it('choices that are not an object: none read, said', () => {
    for (const hostChoices of [['acct-a'], 'ipv6', null]) {
      const store = openOver({ schemaVersion: 1, hostChoices });
      expect(store.recovery()?.problems).toEqual([
        'The host choices file did not hold its choices as an object; none was read.',
      ]);
      expect(fileNow()).toEqual({ schemaVersion: 1, hostChoices: {} });
    }
  });

  it('an account left with no valid choice is dropped from the file written back', () => {
    const store = openOver({
      schemaVersion: 1,
      hostChoices: { 'acct-a': { '1': 'ipv6' }, 'acct-c': { '1': 'ipv7' } },
    });
    expect([...store.ofAccount('acct-c')]).toEqual([]);
    expect(fileNow()).toEqual({ schemaVersion: 1, hostChoices: { 'acct-a': { '1': 'ipv6' } } });
  });

  it('takes a plan id only in its plain decimal form', () => {
    const store = openOver({
      schemaVersion: 1,
      hostChoices: { 'acct-a': { '1e3': 'ipv4', '7 ': 'ipv4', '0': 'ipv4', '12': 'ipv6' } },
    });
    expect([...store.ofAccount('acct-a')]).toEqual([[12, 'ipv6']]);
    expect(store.get('acct-a', 1000)).toBeUndefined();
    expect(store.get('acct-a', 7)).toBeUndefined();
  });

  it('quotes a long key cut after 60 characters, and a key of 60 whole', () => {
    const sixty = 'k'.repeat(60);
    const store = openOver({
      schemaVersion: 1,
      hostChoices: {},
      [sixty]: true,
      [`${'x'.repeat(60)}TAIL`]: true,
    });
    expect(store.recovery()?.problems).toEqual([
      `The unknown entry “${sixty}” of the host choices file was removed.`,
      `The unknown entry “${'x'.repeat(60)}…” of the host choices file was removed.`,
    ]);
  });
});
