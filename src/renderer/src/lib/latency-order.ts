import type { ProxyCheckEntry } from '../../../shared/views/check-view';

/** A proxy's latency by its last check: the total time of a working one, else none. */
export function latencyOf(entry: ProxyCheckEntry | undefined): number | null {
  const last = entry?.last;
  return last?.ok ? last.totalMs : null;
}

/**
 * The proxies from fastest to slowest by their last check; those without a working result keep
 * their listing order after them. A stable sort: equal times keep the listing order too.
 */
export function byLatency<Proxy extends { readonly id: number }>(
  proxies: readonly Proxy[],
  entryOf: (proxyId: number) => ProxyCheckEntry | undefined,
): Proxy[] {
  const ranked = proxies.map((proxy, index) => ({
    proxy,
    index,
    ms: latencyOf(entryOf(proxy.id)),
  }));
  ranked.sort((a, b) => {
    if (a.ms === null || b.ms === null)
      return a.ms === b.ms ? a.index - b.index : a.ms === null ? 1 : -1;
    return a.ms - b.ms || a.index - b.index;
  });
  return ranked.map((each) => each.proxy);
}

/** The fastest working proxy among `proxyIds` by its last check; undefined when none worked. */
export function fastestOf(
  proxyIds: readonly number[],
  entryOf: (proxyId: number) => ProxyCheckEntry | undefined,
): number | undefined {
  let fastest: { id: number; ms: number } | undefined;
  for (const id of proxyIds) {
    const ms = latencyOf(entryOf(id));
    if (ms !== null && (fastest === undefined || ms < fastest.ms)) fastest = { id, ms };
  }
  return fastest?.id;
}
