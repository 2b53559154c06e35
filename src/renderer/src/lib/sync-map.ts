/**
 * Makes `target` hold what `source` holds, writing only the keys whose value differs: a reactive
 * map (SvelteMap) then wakes only the readers of those keys. With `keys`, only those are looked
 * at (what a delta named); without, every key of either map.
 */
export function syncMap<Key, Value>(
  target: Map<Key, Value>,
  source: ReadonlyMap<Key, Value>,
  same: (held: Value, next: Value) => boolean,
  keys?: Iterable<Key>,
): void {
  if (keys) {
    for (const key of keys) syncKey(target, source, same, key);
    return;
  }
  for (const key of [...target.keys()]) if (!source.has(key)) target.delete(key);
  for (const key of source.keys()) syncKey(target, source, same, key);
}

function syncKey<Key, Value>(
  target: Map<Key, Value>,
  source: ReadonlyMap<Key, Value>,
  same: (held: Value, next: Value) => boolean,
  key: Key,
): void {
  if (!source.has(key)) {
    target.delete(key);
    return;
  }
  const next = source.get(key) as Value;
  if (!target.has(key) || !same(target.get(key) as Value, next)) target.set(key, next);
}
