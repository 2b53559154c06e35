import type { PlanView, ProxyView } from '../../../shared/views/plans-view';

export interface ListedProxy {
  readonly plan: PlanView;
  readonly proxy: ProxyView;
}

/**
 * Each plan's proxies by id, built once per plan object: a plan view never changes in place (a
 * patch brings a new one), so after a toggle only the patched plan is indexed again.
 */
const byIdMemo = new WeakMap<PlanView, ReadonlyMap<number, ProxyView>>();

function proxiesById(plan: PlanView): ReadonlyMap<number, ProxyView> {
  let byId = byIdMemo.get(plan);
  if (byId === undefined) {
    byId = new Map(plan.proxies.map((proxy) => [proxy.id, proxy]));
    byIdMemo.set(plan, byId);
  }
  return byId;
}

/**
 * The wanted proxies found in the listing shown, by id. Nothing is looked at when none is
 * wanted: an account without pins pays nothing for them. Otherwise each plan costs one lookup
 * per id still missing, not a pass over its proxies, so the lookup that every patch of the
 * listing repeats does not grow with the account.
 */
export function listedProxies(
  plans: readonly PlanView[] | null,
  wanted: ReadonlySet<number>,
): ReadonlyMap<number, ListedProxy> {
  const found = new Map<number, ListedProxy>();
  if (!plans || wanted.size === 0) return found;
  const missing = new Set(wanted);
  for (const plan of plans) {
    const byId = proxiesById(plan);
    for (const id of missing) {
      const proxy = byId.get(id);
      if (proxy === undefined) continue;
      found.set(id, { plan, proxy });
      missing.delete(id);
    }
    if (missing.size === 0) break;
  }
  return found;
}
