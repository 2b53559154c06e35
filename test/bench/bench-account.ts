import { generateAccount } from '../api-server/seed';

/** The largest account the app is built for: 100 plans of 100 proxies, the same on every run. */
export function benchAccount() {
  return generateAccount({
    seed: 10_000,
    username: 'bench',
    plans: 100,
    proxiesPerPlan: 100,
    now: Date.parse('2026-01-01T00:00:00Z'),
  });
}
