import type { PlansUpdate } from '../../../shared/views/plans-update';
import type {
  PlanView,
  PlansSnapshot,
  PlansStatus,
  ProxyView,
} from '../../../shared/views/plans-view';
import { sameItems } from './same-items';

/** Every `plans:changed` update but a whole snapshot: what is laid over a snapshot held. */
export type PlansPatch = Exclude<PlansUpdate, { kind: 'snapshot' }>;

/**
 * The snapshot with `patch` laid over it, or null when the patch is not for it (another
 * account's, or a plan or proxy it does not hold: the next snapshot will have it).
 *
 * Nothing is changed in place, and whatever the patch leaves alone is kept as the same object:
 * the popup redraws and re-indexes by identity, so a proxy's change costs its plan, not the
 * account.
 */
export function applyPlansUpdate(snapshot: PlansSnapshot, patch: PlansPatch): PlansSnapshot | null {
  if (patch.accountId !== snapshot.accountId) return null;
  switch (patch.kind) {
    case 'status':
      return { ...snapshot, revision: patch.revision, ...statusOf(patch) };
    case 'plans': {
      const plans = plansInOrder(snapshot.plans ?? [], patch.order, patch.plans);
      if (!plans) return null;
      return {
        ...snapshot,
        revision: patch.revision,
        plans: snapshot.plans && sameItems(plans, snapshot.plans) ? snapshot.plans : plans,
        ...statusOf(patch),
      };
    }
    case 'proxy': {
      const plans = withProxy(snapshot.plans ?? [], patch.planId, patch.proxy);
      return plans && { ...snapshot, revision: patch.revision, plans };
    }
  }
}

function statusOf({ updatedAt, refreshing, error, notice }: PlansStatus): PlansStatus {
  return { updatedAt, refreshing, error, notice };
}

/** The plans `order` names: a changed one from `changed`, the others as held; null if one is neither. */
function plansInOrder(
  held: readonly PlanView[],
  order: readonly number[],
  changed: readonly PlanView[],
): PlanView[] | null {
  const byId = new Map<number, PlanView>();
  for (const plan of held) byId.set(plan.id, plan);
  for (const plan of changed) byId.set(plan.id, plan);
  const plans: PlanView[] = [];
  for (const id of order) {
    const plan = byId.get(id);
    if (!plan) return null;
    plans.push(plan);
  }
  return plans;
}

/** The plans with one proxy replaced in its plan; null when that plan or proxy is not held. */
function withProxy(held: readonly PlanView[], planId: number, proxy: ProxyView): PlanView[] | null {
  const planIndex = held.findIndex((plan) => plan.id === planId);
  const plan = held[planIndex];
  if (!plan) return null;
  const proxyIndex = plan.proxies.findIndex((each) => each.id === proxy.id);
  if (proxyIndex < 0) return null;
  const proxies = plan.proxies.slice();
  proxies[proxyIndex] = proxy;
  const plans = held.slice();
  plans[planIndex] = { ...plan, proxies };
  return plans;
}
