import type { PlanView, ProxyView } from '../../../shared/ipc/plans-view';

export interface ListedProxy {
  readonly plan: PlanView;
  readonly proxy: ProxyView;
}

/**
 * The wanted proxies found in the listing shown, by id. The scan stops once all are found, and
 * nothing is looked at when none is wanted: an account without pins pays nothing for them.
 */
export function listedProxies(
  plans: readonly PlanView[] | null,
  wanted: ReadonlySet<number>,
): ReadonlyMap<number, ListedProxy> {
  const found = new Map<number, ListedProxy>();
  if (!plans || wanted.size === 0) return found;
  for (const plan of plans) {
    for (const proxy of plan.proxies) {
      if (!wanted.has(proxy.id)) continue;
      found.set(proxy.id, { plan, proxy });
      if (found.size === wanted.size) return found;
    }
  }
  return found;
}
