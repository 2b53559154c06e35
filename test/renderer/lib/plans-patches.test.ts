import { describe, expect, it } from 'vitest';
import type { PlanView, PlansSnapshot, ProxyView } from '../../../src/shared/views/plans-view';
import { applyPlansUpdate, type PlansPatch } from '../../../src/renderer/src/lib/plans-patches';
import { planView, proxyView } from './view-fixtures';

const proxy = proxyView;
const plan = (id: number, proxies: ProxyView[], name = `Plan ${id}`) => planView(id, name, proxies);

const STATUS = {
  updatedAt: '2025-06-01T10:00:00.000Z',
  refreshing: false,
  error: null,
  notice: null,
} as const;

function snapshot(plans: PlanView[] | null): PlansSnapshot {
  return { accountId: 'a1', revision: 4, plans, ...STATUS };
}

const held = snapshot([
  plan(100, [proxy(1), proxy(2)]),
  plan(101, [proxy(3), proxy(4)]),
  plan(102, [proxy(5)]),
]);
const heldPlans = held.plans as PlanView[];

describe("a 'proxy' patch", () => {
  const rotating = proxy(3, {
    is_rotating: true,
    pending: { ...proxy(3).pending, rotation: true },
  });
  const patched = applyPlansUpdate(held, {
    kind: 'proxy',
    accountId: 'a1',
    revision: 5,
    planId: 101,
    proxy: rotating,
  });

  it('replaces the one proxy and takes the revision', () => {
    expect(patched?.revision).toBe(5);
    expect(patched?.plans?.[1]?.proxies).toEqual([rotating, proxy(4)]);
  });

  it('keeps every other plan and proxy as the same object, and changes nothing held', () => {
    const plans = patched?.plans as PlanView[];
    expect(plans).not.toBe(heldPlans);
    expect(plans[0]).toBe(heldPlans[0]);
    expect(plans[2]).toBe(heldPlans[2]);
    expect(plans[1]).not.toBe(heldPlans[1]);
    expect(plans[1]?.proxies[1]).toBe(heldPlans[1]?.proxies[1]);
    expect(heldPlans[1]?.proxies[0]).toEqual(proxy(3));
    expect(held.revision).toBe(4);
  });

  it('keeps the status as it was', () => {
    expect(patched).toMatchObject({ accountId: 'a1', ...STATUS });
  });

  it('is ignored for a proxy, a plan or plans not held', () => {
    const patch = { kind: 'proxy', accountId: 'a1', revision: 5, planId: 101 } as const;
    expect(applyPlansUpdate(held, { ...patch, proxy: proxy(99) })).toBeNull();
    // Proxy 1 is held, but in plan 100.
    expect(applyPlansUpdate(held, { ...patch, proxy: proxy(1) })).toBeNull();
    expect(applyPlansUpdate(held, { ...patch, planId: 999, proxy: proxy(3) })).toBeNull();
    expect(applyPlansUpdate(snapshot(null), { ...patch, proxy: proxy(3) })).toBeNull();
  });
});

describe("a 'plans' patch", () => {
  const renamed = plan(101, [proxy(3), proxy(4)], 'Renamed');

  it('takes the changed plans from the patch and the others as held, in its order', () => {
    const patched = applyPlansUpdate(held, {
      kind: 'plans',
      accountId: 'a1',
      revision: 6,
      order: [102, 101, 100],
      plans: [renamed],
      ...STATUS,
    });
    const plans = patched?.plans as PlanView[];
    expect(plans.map((each) => each.id)).toEqual([102, 101, 100]);
    expect(plans[0]).toBe(heldPlans[2]);
    expect(plans[1]).toBe(renamed);
    expect(plans[2]).toBe(heldPlans[0]);
    expect(patched?.revision).toBe(6);
  });

  it('drops the plans its order leaves out and adds new ones', () => {
    const added = plan(103, [proxy(6)]);
    const patched = applyPlansUpdate(held, {
      kind: 'plans',
      accountId: 'a1',
      revision: 6,
      order: [100, 103],
      plans: [added],
      ...STATUS,
    });
    expect(patched?.plans).toEqual([heldPlans[0], added]);
    expect(patched?.plans?.[0]).toBe(heldPlans[0]);
  });

  it('takes its status', () => {
    const status = {
      updatedAt: '2025-06-01T11:00:00.000Z',
      refreshing: false,
      error: null,
      notice: { message: 'One plan could not be read', details: '[1].name: Required' },
    };
    const patched = applyPlansUpdate(held, {
      kind: 'plans',
      accountId: 'a1',
      revision: 6,
      order: [100, 101],
      plans: [],
      ...status,
    });
    expect(patched).toMatchObject(status);
  });

  it('keeps the same plans array when it changes no plan and no place', () => {
    const patched = applyPlansUpdate(held, {
      kind: 'plans',
      accountId: 'a1',
      revision: 6,
      order: [100, 101, 102],
      plans: [],
      ...STATUS,
    });
    expect(patched?.plans).toBe(heldPlans);
  });

  it('is ignored when its order names a plan neither held nor sent', () => {
    const patch: PlansPatch = {
      kind: 'plans',
      accountId: 'a1',
      revision: 6,
      order: [100, 104],
      plans: [],
      ...STATUS,
    };
    expect(applyPlansUpdate(held, patch)).toBeNull();
  });

  it('fills a snapshot that held no plans yet, when it sends them all', () => {
    const patched = applyPlansUpdate(snapshot(null), {
      kind: 'plans',
      accountId: 'a1',
      revision: 6,
      order: [101],
      plans: [renamed],
      ...STATUS,
    });
    expect(patched?.plans).toEqual([renamed]);
  });
});

describe("a 'status' patch", () => {
  it('replaces the four status fields and keeps the same plans array', () => {
    const status = {
      updatedAt: '2025-06-01T10:00:00.000Z',
      refreshing: false,
      error: { kind: 'network', message: 'The service did not answer.' },
      notice: null,
    } as const;
    const patched = applyPlansUpdate(held, {
      kind: 'status',
      accountId: 'a1',
      revision: 7,
      ...status,
    });
    expect(patched).toEqual({ ...held, revision: 7, ...status });
    expect(patched?.plans).toBe(heldPlans);
  });

  it('applies to a snapshot that holds no plans yet', () => {
    const patched = applyPlansUpdate(snapshot(null), {
      kind: 'status',
      accountId: 'a1',
      revision: 7,
      ...STATUS,
      refreshing: true,
    });
    expect(patched).toMatchObject({ plans: null, refreshing: true });
  });
});

const OF_ANOTHER_ACCOUNT: PlansPatch[] = [
  { kind: 'status', accountId: 'a2', revision: 5, ...STATUS },
  { kind: 'plans', accountId: 'a2', revision: 5, order: [100], plans: [], ...STATUS },
  { kind: 'proxy', accountId: 'a2', revision: 5, planId: 100, proxy: proxy(1) },
];

describe('a patch of another account', () => {
  it.each(OF_ANOTHER_ACCOUNT)("is ignored ('$kind')", (patch) => {
    expect(applyPlansUpdate(held, patch)).toBeNull();
    expect(applyPlansUpdate({ ...held, accountId: null }, patch)).toBeNull();
  });
});
