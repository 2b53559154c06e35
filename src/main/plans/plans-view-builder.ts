import type { Plan } from '../../shared/api';
import type { PlanView, ProxyView } from '../../shared/ipc/plans-view';
import type { PendingChanges } from './pending-changes';

/**
 * The popup's view of the cached plans: passwords removed, local labels merged in, and the value
 * of any field with a change in flight replaced by the one the user asked for.
 */
export function buildPlanViews(
  plans: readonly Plan[],
  labels: ReadonlyMap<number, string>,
  pending: PendingChanges,
): PlanView[] {
  return plans.map(({ proxies, ...plan }) => ({
    ...plan,
    proxies: proxies.map(({ password: _password, ...proxy }): ProxyView => {
      const rotation = pending.valueOf<boolean>(proxy.id, 'rotation');
      const interval = pending.valueOf<number>(proxy.id, 'interval');
      const label = pending.valueOf<string>(proxy.id, 'label');
      return {
        ...proxy,
        is_rotating: rotation ? rotation.value : proxy.is_rotating,
        rotate_interval: interval ? interval.value : proxy.rotate_interval,
        label: label ? label.value : (labels.get(proxy.id) ?? proxy.label),
        pending: { rotation: !!rotation, interval: !!interval, label: !!label },
      };
    }),
  }));
}
