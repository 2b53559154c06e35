export type ProxyField = 'rotation' | 'interval' | 'label';

interface Pending {
  count: number;
  latest: unknown;
}

/**
 * Changes sent to the service and not yet answered, per proxy and field. While any is in flight the
 * popup shows the latest value the user asked for; when none is left it shows the service's.
 */
export class PendingChanges {
  readonly #pending = new Map<string, Pending>();

  begin(proxyId: number, field: ProxyField, value: unknown): void {
    const key = keyOf(proxyId, field);
    const entry = this.#pending.get(key);
    this.#pending.set(key, { count: (entry?.count ?? 0) + 1, latest: value });
  }

  end(proxyId: number, field: ProxyField): void {
    const key = keyOf(proxyId, field);
    const entry = this.#pending.get(key);
    if (!entry || entry.count <= 1) this.#pending.delete(key);
    else entry.count -= 1;
  }

  /** The latest requested value while a change is in flight. */
  valueOf<Value>(proxyId: number, field: ProxyField): { value: Value } | undefined {
    const entry = this.#pending.get(keyOf(proxyId, field));
    return entry ? { value: entry.latest as Value } : undefined;
  }
}

function keyOf(proxyId: number, field: ProxyField): string {
  return `${proxyId}:${field}`;
}
