import { describe, expect, it } from 'vitest';
import {
  trustedPlanViewSchema,
  validatedPlanView,
  withProxyView,
} from '../../../src/shared/views/trusted-plan-view';
import { samplePlan } from '../api/samples';

/** A plan as a careless builder might make it: the password kept, a token added. */
function carelessView() {
  const { proxies, ...plan } = samplePlan();
  return {
    ...plan,
    sessionToken: 'TOKEN-SECRET',
    proxies: proxies.map((proxy) => ({
      ...proxy,
      token: 'TOKEN-SECRET',
      pending: { rotation: false, interval: false, label: false },
    })),
  };
}

describe('plan views checked once and trusted by identity', () => {
  it('drops what the contract does not name: passwords and tokens never pass', () => {
    const view = validatedPlanView(carelessView());
    const text = JSON.stringify(view);
    expect(text).not.toContain('TOKEN-SECRET');
    expect(text).not.toContain('password');
    expect(trustedPlanViewSchema.safeParse(view).success).toBe(true);
  });

  it('refuses a view that was never checked, however well formed', () => {
    const unchecked = structuredClone(validatedPlanView(carelessView()));
    expect(trustedPlanViewSchema.safeParse(unchecked).success).toBe(false);
    expect(() => withProxyView(unchecked, 0, unchecked.proxies[0])).toThrow(/validated/);
  });

  it('patches one proxy: checked, in a new plan object, the old one untouched', () => {
    const plan = validatedPlanView(carelessView());
    const careless = { ...carelessView().proxies[0], is_rotating: false };
    const patched = withProxyView(plan, 0, careless);
    expect(patched.plan).not.toBe(plan);
    expect(plan.proxies[0]?.is_rotating).toBe(true);
    expect(patched.plan.proxies[0]).toBe(patched.proxy);
    expect(patched.proxy.is_rotating).toBe(false);
    expect(JSON.stringify(patched.plan)).not.toMatch(/TOKEN-SECRET|password/);
    expect(trustedPlanViewSchema.safeParse(patched.plan).success).toBe(true);
  });

  it('refuses a proxy that breaks the contract', () => {
    const plan = validatedPlanView(carelessView());
    expect(() => withProxyView(plan, 0, { id: 'not a number' })).toThrow();
  });
});
