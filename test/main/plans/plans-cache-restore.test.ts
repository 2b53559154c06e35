import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { openPlansCache, type PlansCache } from '../../../src/main/plans-cache/plans-cache';
import { PlansService } from '../../../src/main/plans/plans-service';
import { confIn, useTempDir } from '../store/temp-store-dir';
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
  let active = 'account-demo';
  const cache =
    options.cache ??
    openPlansCache({
      dir: path.join(dir(), 'plans-cache'),
      onError: (error) => errors.push(error),
    });
  runs.push(cache);
  const session = {
    client: (): ProxyServiceClient => fixture.client('demo'),
    activeAccountId: () => active,
    reportRejected: () => {},
    cacheKey: () => ('key' in options ? options.key : key),
  };
  const labels = openLabelStore({ createStore: confIn(dir()) });
  return {
    cache,
    plans: new PlansService({ session, labels, cache }),
    /** Another account becomes the active one (a switch in the popup). */
    switchTo: (accountId: string) => {
      active = accountId;
    },
  };
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
    const announced: number[] = [];
    again.plans.onChange((update) => {
      if (update.kind === 'snapshot') announced.push(update.snapshot.plans?.length ?? -1);
    });
    const snapshot = await again.plans.refresh();
    expect(snapshot.error?.kind).toBe('auth');
    // The popup is told of the kept listing, whole, once.
    expect(announced).toEqual([servicePlanIds().length]);
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
    // Written once the changes stop, or at quit at the latest.
    await first.cache.close();

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

  it('reads the kept listing once, not on every refresh, even when there is none', async () => {
    const first = run();
    fixture.service().faults.add({ path: '/users/plans', status: 401, times: 2 });
    let reads = 0;
    const counting: PlansCache = {
      ...first.cache,
      load: (accountId, cacheKey) => {
        reads += 1;
        return first.cache.load(accountId, cacheKey);
      },
    };
    const again = run({ cache: counting });
    expect((await again.plans.refresh()).plans).toBeNull();
    expect((await again.plans.refresh()).plans).toBeNull();
    expect(reads).toBe(1);
  });

  it('moves the time of a listing the service gave again, and saves only what changed', async () => {
    const first = run();
    await first.plans.refresh();
    await first.cache.settled();
    const calls: string[] = [];
    const recording: PlansCache = {
      ...first.cache,
      save: () => calls.push('save'),
      saveSoon: () => calls.push('saveSoon'),
      touch: () => calls.push('touch'),
    };
    const again = run({ cache: recording });
    await again.plans.refresh();
    calls.length = 0;
    await again.plans.refresh();
    // The same listing again: nothing to write, only its time moves.
    expect(calls).toEqual(['touch']);
    const id = fixture.changeableProxyId();
    await again.plans.setLabel(id, 'Kept apart');
    // A label lives in its own file: the listing has not changed.
    expect(calls).toEqual(['touch']);
    await again.plans.setRotation(id, !again.plans.proxy(id).is_rotating);
    // A proxy's change waits for the quiet: a burst of toggles is one write.
    expect(calls).toEqual(['touch', 'saveSoon']);
  });

  it('neither writes nor announces another account’s listing once the popup has switched', async () => {
    const first = run();
    await first.plans.refresh();
    await first.cache.settled();
    let switched: () => void = () => {};
    const switchedNow = new Promise<void>((resolve) => {
      switched = resolve;
    });
    // The service's listing differs from the one kept: it would be saved, for the active account.
    const plan = fixture.service().store.account('demo')?.plans[0];
    if (!plan) throw new Error('the demo account has a plan');
    plan.name = 'Changed meanwhile';
    const saves: string[] = [];
    const slow: PlansCache = {
      ...first.cache,
      load: async (accountId, cacheKey) => {
        await switchedNow;
        return first.cache.load(accountId, cacheKey);
      },
      save: (accountId) => saves.push(accountId),
    };
    const again = run({ cache: slow });
    const snapshots: unknown[] = [];
    again.plans.onChange((update) => {
      if (update.kind === 'snapshot') snapshots.push(update);
    });
    fixture.service().faults.add({ path: '/users/plans', latencyMs: 200, times: 1 });
    const refresh = again.plans.refresh();
    again.switchTo('account-other');
    switched();
    await refresh;
    expect(saves).toEqual([]);
    expect(snapshots).toEqual([]);
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
