import { generateAccount } from '../../tools/reference-service/seed';

/** 100 plans of 100 proxies by default (other plan counts for scaling), the same on every run. */
export function benchAccount(size: { plans?: number } = {}) {
  return generateAccount({
    seed: 10_000,
    username: 'bench',
    plans: size.plans ?? 100,
    proxiesPerPlan: 100,
    now: Date.parse('2026-01-01T00:00:00Z'),
  });
}
