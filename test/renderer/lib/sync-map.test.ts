import { describe, expect, it } from 'vitest';
import { syncMap } from '../../../src/renderer/src/lib/sync-map';

/** A map that records its writes, as a reactive map would wake readers. */
class WatchedMap<Key, Value> extends Map<Key, Value> {
  writes: string[] = [];
  override set(key: Key, value: Value): this {
    this.writes.push(`set ${String(key)}`);
    return super.set(key, value);
  }
  override delete(key: Key): boolean {
    this.writes.push(`delete ${String(key)}`);
    return super.delete(key);
  }
}

/** Holds the entries, its record of writes starting empty. */
function watched<Key, Value>(entries: [Key, Value][]): WatchedMap<Key, Value> {
  const map = new WatchedMap<Key, Value>();
  for (const [key, value] of entries) map.set(key, value);
  map.writes = [];
  return map;
}

const sameText = (a: { text: string }, b: { text: string }) => a.text === b.text;
const text = (value: string) => ({ text: value });

describe('syncMap', () => {
  it('writes only the keys whose value differs, and deletes those gone', () => {
    const target = watched([
      [1, text('a')],
      [2, text('b')],
      [3, text('c')],
    ]);
    const source = new Map([
      [1, text('a')],
      [2, text('B')],
      [4, text('d')],
    ]);
    syncMap(target, source, sameText);
    expect(target.writes.toSorted()).toEqual(['delete 3', 'set 2', 'set 4']);
    expect([...target.entries()].toSorted(([a], [b]) => a - b)).toEqual([
      [1, text('a')],
      [2, text('B')],
      [4, text('d')],
    ]);
  });

  it('looks only at the keys named, when named', () => {
    const target = watched([
      [1, text('a')],
      [2, text('b')],
      [3, text('c')],
    ]);
    const source = new Map([
      [1, text('A')],
      [2, text('B')],
      [4, text('d')],
    ]);
    syncMap(target, source, sameText, [2, 3, 5]);
    expect(target.writes).toEqual(['set 2', 'delete 3', 'delete 5']);
    expect(target.get(1)).toEqual(text('a'));
    expect(target.has(4)).toBe(false);
  });
});
