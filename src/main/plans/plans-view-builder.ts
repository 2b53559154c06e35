import type { Plan, Proxy } from '../../shared/api';
import type { PlanView, ProxyView } from '../../shared/views/plans-view';
import type { PendingChanges } from './pending-changes';

/**
 * The popup's view of one proxy: password removed, the local label merged in, and the value of
 * any field with a change in flight replaced by the one the user asked for. Not checked here: the
 * caller checks it against the contract (see trusted-plan-view.ts), which also drops anything
 * the contract does not name.
 */
export function buildProxyView(
  { password: _password, ...proxy }: Proxy,
  labelOf: (proxyId: number) => string | undefined,
  pending: PendingChanges,
): ProxyView {
  const rotation = pending.valueOf<boolean>(proxy.id, 'rotation');
  const interval = pending.valueOf<number>(proxy.id, 'interval');
  const label = pending.valueOf<string>(proxy.id, 'label');
  return {
    ...proxy,
    is_rotating: rotation ? rotation.value : proxy.is_rotating,
    rotate_interval: interval ? interval.value : proxy.rotate_interval,
    label: label ? label.value : (labelOf(proxy.id) ?? proxy.label),
    pending: { rotation: !!rotation, interval: !!interval, label: !!label },
  };
}

export function buildPlanView(
  { proxies, ...plan }: Plan,
  labelOf: (proxyId: number) => string | undefined,
  pending: PendingChanges,
): PlanView {
  return { ...plan, proxies: proxies.map((proxy) => buildProxyView(proxy, labelOf, pending)) };
}
