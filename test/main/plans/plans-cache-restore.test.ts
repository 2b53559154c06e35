import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { openPlansCache, type PlansCache } from '../../../src/main/plans-cache/plans-cache';
import { PlansService } from '../../../src/main/plans/plans-service';
import { confIn, useTempDir } from '../settings/temp-store-dir';
import { useReferenceService } from '../api/reference-service-fixture';

// The listing kept on disk between runs: a restart whose first refresh fails still shows it.

const fixture = useReferenceService();
const dir = useTempDir();
const key = randomBytes(32);
let runs: PlansCache[] = [];
let errors: unknown[] = [];

afterEach(async () => {
  // Every write ends before the test's folder goes, and none failed.
  await Promise.all(runs.map((cache) => cache.settled()));
  runs = [];
  expect(errors).toEqual([]);
  errors = [];
});

/** One run of the app: a session of the demo account, its plans, the cache in the data folder. */
function run(options: { key?: Buffer | undefined; cache?: PlansCache } = {}) {
  const cache =
    options.cache ??
    openPlansCache({
      dir: path.join(dir(), 'plans-cache'),
      onError: (error) => errors.push(error),
    });
  runs.push(cache);
  const session = {
    client: (): ProxyServiceClient => fixture.client('demo'),
    activeAccountId: () => 'account-demo',
    reportRejected: () => {},
    cacheKey: () => ('key' in options ? options.key : key),
  };
  const labels = openLabelStore({ createStore: confIn(dir()) });
  return { cache, plans: new PlansService({ session, labels, cache }) };
}

const refuseToken = () =>
  fixture.service().faults.add({ path: '/users/plans', status: 401, times: 1 });
const servicePlanIds = () =>
  (fixture.service().store.account('demo')?.plans ?? []).map((plan) => plan.id);

describe('plans kept on disk', () => {
  it('shows the last listing after a restart whose first refresh is refused', async () => {
    const first = run();
    const loaded = await first.plans.refresh();
    await first.cache.settled();

    refuseToken();
    const again = run();
    const snapshot = await again.plans.refresh();
    expect(snapshot.error?.kind).toBe('auth');
    expect(snapshot.plans?.map((plan) => plan.id)).toEqual(servicePlanIds());
    // The time the service last gave it, not the time it was read back.
    expect(snapshot.updatedAt).not.toBeNull();
    expect(Date.parse(snapshot.updatedAt ?? '')).toBeLessThanOrEqual(
      Date.parse(loaded.updatedAt ?? '') + 1000,
    );
    // Copying works from it: the password is there, in main.
    const [plan] = fixture.service().store.account('demo')?.plans ?? [];
    const [proxy] = plan?.proxies ?? [];
    if (!proxy) throw new Error('the demo account has a proxy');
    expect(again.plans.proxy(proxy.id).password).toBe(proxy.password);
  });

  it('takes the service’s listing over the one kept', async () => {
    const first = run();
    await first.plans.refresh();
    await first.cache.settled();
    const plan = fixture.service().store.account('demo')?.plans[0];
    if (!plan) throw new Error('the demo account has a plan');
    plan.name = 'Renamed at the service';

    const again = run();
    const snapshot = await again.plans.refresh();
    expect(snapshot.error).toBeNull();
    expect(snapshot.plans?.[0]?.name).toBe('Renamed at the service');
    await again.cache.settled();
    // And keeps the new one in its place.
    refuseToken();
    const third = run();
    expect((await third.plans.refresh()).plans?.[0]?.name).toBe('Renamed at the service');
  });

  it('keeps a change the service accepted', async () => {
    const first = run();
    await first.plans.refresh();
    const id = fixture.changeableProxyId();
    const before = first.plans.proxy(id).rotate_interval;
    const interval = before === 600 ? 900 : 600;
    await first.plans.setRotateInterval(id, interval);
    await first.cache.settled();

    refuseToken();
    const again = run();
    await again.plans.refresh();
    expect(again.plans.proxy(id).rotate_interval).toBe(interval);
  });

  it('neither reads nor writes without a key (no token)', async () => {
    const first = run();
    await first.plans.refresh();
    await first.cache.settled();

    refuseToken();
    const keyless = run({ key: undefined });
    expect((await keyless.plans.refresh()).plans).toBeNull();

    const writes: string[] = [];
    const recording: PlansCache = {
      ...first.cache,
      save: (accountId) => writes.push(accountId),
    };
    await run({ key: undefined, cache: recording }).plans.refresh();
    expect(writes).toEqual([]);
  });

  it('reads the kept listing once, not on every refresh', async () => {
    const first = run();
    await first.plans.refresh();
    await first.cache.settled();
    let reads = 0;
    const counting: PlansCache = {
      ...first.cache,
      load: (accountId, cacheKey) => {
        reads += 1;
        return first.cache.load(accountId, cacheKey);
      },
    };
    const again = run({ cache: counting });
    await again.plans.refresh();
    await again.plans.refresh();
    expect(reads).toBe(1);
  });

  it('does not let a kept listing read late replace the service’s', async () => {
    const first = run();
    await first.plans.refresh();
    await first.cache.settled();
    const plan = fixture.service().store.account('demo')?.plans[0];
    if (!plan) throw new Error('the demo account has a plan');
    plan.name = 'Newer at the service';

    let listed: () => void = () => {};
    const listedNow = new Promise<void>((resolve) => {
      listed = resolve;
    });
    const slow: PlansCache = {
      ...first.cache,
      load: async (accountId, cacheKey) => {
        await listedNow;
        return first.cache.load(accountId, cacheKey);
      },
    };
    const again = run({ cache: slow });
    const updates: string[] = [];
    again.plans.onChange((update) => {
      updates.push(update.kind);
      if (update.kind === 'snapshot' && update.snapshot.plans) listed();
    });
    const snapshot = await again.plans.refresh();
    expect(snapshot.plans?.[0]?.name).toBe('Newer at the service');
    expect(updates.filter((kind) => kind === 'snapshot')).toHaveLength(1);
  });
});
