import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { confIn, thrownBy, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();

const open = () => openLabelStore({ createStore: confIn(tempDir()) });

describe('the account id a kept entry is filed under', () => {
  it('is any text of 1 to 200 characters', () => {
    const store = open();
    store.set('a', 1, 'one character');
    store.set('a'.repeat(200), 1, 'two hundred');
    const reopened = open();
    expect(reopened.get('a', 1)).toBe('one character');
    expect(reopened.get('a'.repeat(200), 1)).toBe('two hundred');
  });

  it('is refused, in words the user can act on, when empty, too long or not text', () => {
    const store = open();
    const refusal = (accountId: unknown) =>
      thrownBy(() => store.set(accountId as string, 1, 'x')).problems;
    expect(refusal('')).toEqual(['The account id must not be empty.']);
    expect(refusal('a'.repeat(201))).toEqual([
      'The account id can be at most 200 characters long.',
    ]);
    expect(refusal(42)).toEqual(['The account id must be text.']);
    expect(refusal(null)).toEqual(['The account id must be text.']);
  });
});

describe('a proxy id as a key of a stored file', () => {
  it('is kept only in the canonical decimal form of a positive integer', () => {
    const file = path.join(tempDir(), 'labels.json');
    const kept = { '1': 'one', '10': 'ten', '9007199254740991': 'largest' };
    const refused = ['0', '01', '-1', '1.5', '1e3', ' 1', '1 ', '+1', '0x1', 'a1', '1a', ''];
    const labels: Record<string, string> = { ...kept };
    for (const key of refused) labels[key] = `refused ${key}`;
    labels['9007199254740992'] = 'beyond the largest safe integer';
    fs.writeFileSync(file, JSON.stringify({ schemaVersion: 1, labels: { acct: labels } }));

    const store = open();
    expect(Object.fromEntries(store.forAccount('acct'))).toEqual(kept);
    expect(store.recovery()?.problems).toHaveLength(refused.length + 1);
    expect(store.recovery()?.problems).toContain(
      'A label of account “acct” had an invalid proxy id (“01”) and was removed.',
    );
  });
});
