import { z } from 'zod';
import { planViewSchema, proxyViewSchema, type PlanView, type ProxyView } from './plans-view';

/**
 * Plan views parsed against the contract once, when the main process built them. Parsing strips
 * whatever the contract does not name (a password, a token added to a view by mistake); a view
 * that passed is trusted by identity from then on, so a listing of 100,000 proxies is parsed once
 * per refresh and not again on every event and answer that carries it.
 */
const trusted = new WeakSet<object>();

/** Parses a plan view built in the main process; the only way a view becomes trusted. */
export function validatedPlanView(built: unknown): PlanView {
  const view = planViewSchema.parse(built);
  trusted.add(view);
  return view;
}

/**
 * The plan view with the proxy at `row` replaced by `built`, which is parsed (one proxy is cheap
 * to parse); the other proxies were parsed with the plan. A new object: views already sent or
 * held elsewhere never change under their holder.
 */
export function withProxyView(
  plan: PlanView,
  row: number,
  built: unknown,
): { plan: PlanView; proxy: ProxyView } {
  if (!trusted.has(plan)) throw new Error('Only a validated plan view can be patched.');
  const proxy = proxyViewSchema.parse(built);
  const proxies = plan.proxies.slice();
  proxies[row] = proxy;
  const patched = { ...plan, proxies };
  trusted.add(patched);
  return { plan: patched, proxy };
}

/** A plan view that went through `validatedPlanView` or `withProxyView`; anything else fails. */
export const trustedPlanViewSchema = z.custom<PlanView>(
  (value) => typeof value === 'object' && value !== null && trusted.has(value),
  'A plan view that was never checked against the contract',
);
