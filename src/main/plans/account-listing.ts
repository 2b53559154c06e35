import { isDeepStrictEqual } from 'node:util';
import type { Plan, Proxy } from '../../shared/api';
import type { PlanView, ProxyView } from '../../shared/views/plans-view';
import { withProxyView } from '../../shared/views/trusted-plan-view';

/** Where a proxy sits: its plan's index in the listing, and its row in that plan. */
interface Position {
  plan: number;
  row: number;
}

/** The popup's view of a plan, checked against the contract (see trusted-plan-view.ts). */
export type ViewOfPlan = (plan: Plan) => PlanView;

/**
 * One account's listing as the service last gave it (with the changes it has accepted since),
 * and the popup's view of it, side by side and in the same order. The views are built and
 * checked once per listing, and then one proxy at a time: a change costs what it changes.
 * Neither array is changed in place once handed out; a change makes new ones that share
 * whatever did not change.
 */
export class AccountListing {
  #plans: readonly Plan[];
  #views: readonly PlanView[];
  #positions: Map<number, Position>;

  constructor(plans: readonly Plan[], viewOf: ViewOfPlan) {
    this.#plans = plans;
    this.#views = plans.map(viewOf);
    this.#positions = positionsOf(plans);
  }

  get plans(): readonly Plan[] {
    return this.#plans;
  }

  get views(): readonly PlanView[] {
    return this.#views;
  }

  /** The proxy as the service has it, password included. */
  proxy(proxyId: number): Proxy | undefined {
    const at = this.#positions.get(proxyId);
    // Stryker disable next-line OptionalChaining: positions are built from these plans, so a position's plan is there
    return at && this.#plans[at.plan]?.proxies[at.row];
  }

  /** The plan the proxy is listed in, as the service has it. */
  planOf(proxyId: number): Plan | undefined {
    const at = this.#positions.get(proxyId);
    return at && this.#plans[at.plan];
  }

  view(proxyId: number): ProxyView | undefined {
    const at = this.#positions.get(proxyId);
    // Stryker disable next-line OptionalChaining: positions are built from these plans, and views follow them one for one
    return at && this.#views[at.plan]?.proxies[at.row];
  }

  /**
   * Takes a newer listing. A plan equal to the one held keeps its objects (and its view); the
   * others get new views. Returns the views of the plans that changed or are new, or null when
   * the listing is the one held, in the same order.
   */
  replace(fresh: readonly Plan[], viewOf: ViewOfPlan): PlanView[] | null {
    const heldAt = new Map(this.#plans.map((plan, index) => [plan.id, index]));
    const changed: PlanView[] = [];
    const plans: Plan[] = [];
    const views: PlanView[] = [];
    for (const plan of fresh) {
      const index = heldAt.get(plan.id);
      // Stryker disable next-line ConditionalExpression: plans[undefined] is undefined all the same
      const held = index === undefined ? undefined : this.#plans[index];
      // Equivalent ConditionalExpression mutant on `index !== undefined`, left to survive (a
      // disable comment would hide the killed whole-condition one): held is there exactly when
      // index is; the check is for the compiler.
      if (index !== undefined && held && isDeepStrictEqual(held, plan)) {
        plans.push(held);
        views.push(this.#views[index] as PlanView);
      } else {
        const view = viewOf(plan);
        plans.push(plan);
        views.push(view);
        changed.push(view);
      }
    }
    const sameOrder =
      plans.length === this.#plans.length &&
      plans.every((plan, index) => plan === this.#plans[index]);
    if (sameOrder) return null;
    this.#plans = plans;
    this.#views = views;
    this.#positions = positionsOf(plans);
    return changed;
  }

  /** Records values the service accepted for a proxy (its answer to a change). */
  accept(proxyId: number, values: Partial<Proxy>): void {
    const proxy = this.proxy(proxyId);
    if (proxy) Object.assign(proxy, values);
  }

  /**
   * Builds one proxy's view again (after a change began, ended, or its label was kept); returns
   * it with its plan's id, or undefined when the listing no longer holds the proxy.
   */
  refreshView(
    proxyId: number,
    build: (proxy: Proxy) => unknown,
  ): { planId: number; proxy: ProxyView } | undefined {
    const at = this.#positions.get(proxyId);
    const plan = at && this.#plans[at.plan];
    // Stryker disable next-line OptionalChaining: a position's plan is there (positions are built from these plans)
    const proxy = at && plan?.proxies[at.row];
    const view = at && this.#views[at.plan];
    // Equivalent ConditionalExpression mutants on each check but `!at`, left to survive (a disable
    // comment would hide the killed whole-guard one): plan, proxy and view come with a position.
    // Stryker disable next-line LogicalOperator: plan, proxy and view are there exactly when the position is; the checks are for the compiler
    if (!at || !plan || !proxy || !view) return undefined;
    const patched = withProxyView(view, at.row, build(proxy));
    // Stryker disable next-line MethodExpression: snapshots copy the views they hand out, so no one holds this array to see it change
    const views = this.#views.slice();
    views[at.plan] = patched.plan;
    this.#views = views;
    return { planId: plan.id, proxy: patched.proxy };
  }
}

function positionsOf(plans: readonly Plan[]): Map<number, Position> {
  const positions = new Map<number, Position>();
  plans.forEach((plan, planIndex) =>
    plan.proxies.forEach((proxy, row) => positions.set(proxy.id, { plan: planIndex, row })),
  );
  return positions;
}
