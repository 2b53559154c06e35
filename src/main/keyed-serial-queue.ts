/**
 * Runs tasks one after another per key, and tasks of different keys side by side: a second change
 * to a proxy waits for the first to reach the service, so the service sees them in the user's
 * order; a second change to a port or a pool waits while the first restarts its listener, instead
 * of both taking a number or both closing it.
 */
export class KeyedSerialQueue<Key> {
  readonly #tails = new Map<Key, Promise<unknown>>();

  run<Result>(key: Key, task: () => Promise<Result>): Promise<Result> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // Stryker disable next-line BlockStatement: only frees memory; an idle key's settled tail is waited on as no tail is
    void tail.then(() => {
      // Stryker disable next-line ConditionalExpression: never deleting only keeps memory; a settled tail waits for nothing
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
