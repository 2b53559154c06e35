import { proxyAddress } from './proxy-title';
import type { ProxyView } from '../views/plans-view';

/** A plan as naming needs it: the service's plan and the popup's view of it both fit. */
export interface PlanOfAddresses {
  readonly proxies: readonly Pick<ProxyView, 'ip' | 'port'>[];
}

const NONE: ReadonlySet<string> = new Set();
/**
 * Worked out once per plan object, in the popup and in the main process alike: a plan object
 * never changes its addresses in place (a new listing, or a patch, brings a new one), so a
 * 10,000-proxy listing is walked once, not once per name asked for.
 */
const memo = new WeakMap<PlanOfAddresses, ReadonlySet<string>>();

/**
 * The host:port addresses that more than one proxy of the plan uses: a gateway plan tells its
 * users apart by username alone, so their names need the username (see proxyTitle).
 */
export function sharedAddressesOf(plan: PlanOfAddresses): ReadonlySet<string> {
  let shared = memo.get(plan);
  if (shared === undefined) {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const proxy of plan.proxies) {
      const address = proxyAddress(proxy);
      if (seen.has(address)) twice.add(address);
      else seen.add(address);
    }
    shared = twice.size > 0 ? twice : NONE;
    memo.set(plan, shared);
  }
  return shared;
}
