import type { PlanView } from '../../../shared/ipc/plans-view';
import { proxyAddress } from '../../../shared/ipc/proxy-title';

const NONE: ReadonlySet<string> = new Set();
/** Worked out once per plan object: a plan view never changes in place (a patch brings a new one). */
const memo = new WeakMap<PlanView, ReadonlySet<string>>();

/**
 * The host:port addresses that more than one proxy of the plan uses: a gateway plan tells its
 * users apart by username alone, so its rows need the username in their names.
 */
export function sharedAddressesOf(plan: PlanView): ReadonlySet<string> {
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
