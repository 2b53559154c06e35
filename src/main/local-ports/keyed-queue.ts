/**
 * Work on one port (a proxy's local port, a pool), one piece after the other: a second change
 * that came while the first restarts the listener waits for it, instead of both taking a number
 * or both closing the same listener. Work on different keys runs side by side.
 */
export class KeyedQueue<Key> {
  readonly #busy = new Map<Key, Promise<unknown>>();

  /** Runs `work` once everything queued before it for `key` has settled, either way. */
  run<T>(key: Key, work: () => Promise<T>): Promise<T> {
    const previous = this.#busy.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.#busy.set(key, settled);
    void settled.then(() => {
      if (this.#busy.get(key) === settled) this.#busy.delete(key);
    });
    return next;
  }
}
