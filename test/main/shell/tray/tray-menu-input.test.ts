import { describe, expect, it } from 'vitest';
import {
  readyUpdateVersion,
  trayMenuInputOf,
} from '../../../../src/main/shell/tray/tray-menu-input';
import {
  MAX_PLANS_IN_MENU,
  MAX_PROXIES_PER_PLAN,
} from '../../../../src/main/shell/tray/tray-menu-template';
import type { PlansSnapshot } from '../../../../src/shared/views/plans-view';
import type { SessionView } from '../../../../src/shared/views/session-view';

const session: SessionView = {
  state: 'active',
  account: {
    id: 'a1',
    serviceUrl: 'https://api.example.com/',
    username: 'dana',
    displayName: 'Dana Demo',
  },
  accounts: [
    {
      id: 'a1',
      serviceUrl: 'https://api.example.com/',
      username: 'dana',
      displayName: 'Dana Demo',
      active: true,
    },
    {
      id: 'a2',
      serviceUrl: 'https://api.example.com/',
      username: 'ops',
      displayName: '',
      active: false,
    },
  ],
};

const proxy = {
  id: 7,
  username: 'u',
  ip: '203.0.113.7',
  port: 8080,
  assigned_proxy_ipv4: '198.51.100.1',
  assigned_proxy_ipv6: '2001:db8::1',
  is_rotating: true,
  rotate_interval: 300,
  plan_ip_class: 4,
  pending: { rotation: false, interval: false, label: false },
};

const plans: PlansSnapshot = {
  accountId: 'a1',
  revision: 0,
  updatedAt: '2026-11-21T10:00:00.000Z',
  refreshing: true,
  error: null,
  notice: null,
  plans: [
    {
      id: 1,
      name: 'Residential US',
      creation_date: '2026-01-01T00:00:00Z',
      expire_date: '2027-01-01T00:00:00Z',
      is_blocked: false,
      proxy_limit: 10,
      proxies: [
        { ...proxy, label: 'Checkout' },
        { ...proxy, id: 8, port: 8081, label: null },
      ],
    },
  ],
};

describe('trayMenuInputOf', () => {
  it('names accounts and proxies the way the popup does', () => {
    expect(trayMenuInputOf(session, plans)).toEqual({
      status: 'active',
      accounts: [
        { id: 'a1', title: 'Dana Demo (dana)', active: true },
        { id: 'a2', title: 'ops', active: false },
      ],
      plans: [
        {
          id: 1,
          name: 'Residential US',
          proxies: [
            { id: 7, title: 'Checkout' },
            { id: 8, title: '203.0.113.7:8081' },
          ],
          proxyCount: 2,
        },
      ],
      planCount: 1,
      pinned: [],
      localPorts: [],
      poolPorts: [],
      recent: [],
      refreshing: true,
    });
  });

  it('names a gateway plan’s proxies (one host:port) by label, else by username @ host:port', () => {
    const [plan] = plans.plans ?? [];
    if (!plan) throw new Error('no plan');
    const gateway = {
      ...plan,
      proxies: [
        { ...proxy, label: 'Checkout' },
        { ...proxy, id: 8, username: 'dana_p8', label: null },
        { ...proxy, id: 9, username: 'dana_p9', port: 9000, label: null },
      ],
    };
    const input = trayMenuInputOf(session, { plans: [gateway], refreshing: false });
    expect(input.plans[0]?.proxies).toEqual([
      { id: 7, title: 'Checkout' },
      { id: 8, title: 'dana_p8 @ 203.0.113.7:8080' },
      { id: 9, title: '203.0.113.7:9000' },
    ]);
  });

  it('says it is starting until the keychain has answered, whatever the session holds so far', () => {
    expect(trayMenuInputOf(session, plans, { starting: true }).status).toBe('starting');
    expect(trayMenuInputOf(session, plans, { starting: false }).status).toBe('active');
  });

  it('has no plans before the first refresh', () => {
    const before = trayMenuInputOf(session, { ...plans, plans: null });
    expect(before.plans).toEqual([]);
    expect(before.planCount).toBe(0);
  });

  it('reads only the plans the menu shows, and their proxies’ addresses once per listing', () => {
    const reads = { plans: new Set<number>(), proxies: new Set<number>() };
    const planCount = MAX_PLANS_IN_MENU + 1_000;
    const proxyCount = MAX_PROXIES_PER_PLAN + 1_000;
    const listing = guardedList(planCount, MAX_PLANS_IN_MENU, reads.plans, (planIndex) => ({
      id: planIndex + 1,
      name: `Plan ${planIndex + 1}`,
      // Every proxy is readable: naming needs to know which addresses the plan shares.
      proxies: guardedList(proxyCount, proxyCount, reads.proxies, (index) => ({
        ...proxy,
        id: index + 1,
        port: 10_000 + index,
        label: null,
      })),
    }));

    const input = trayMenuInputOf(session, { plans: listing, refreshing: false });

    expect(input.planCount).toBe(planCount);
    expect(input.plans).toHaveLength(MAX_PLANS_IN_MENU);
    expect(input.plans.every((plan) => plan.proxyCount === proxyCount)).toBe(true);
    expect(input.plans.every((plan) => plan.proxies.length === MAX_PROXIES_PER_PLAN)).toBe(true);
    expect(Math.max(...reads.plans)).toBe(MAX_PLANS_IN_MENU - 1);

    // Rebuilt for the same listing (the tray does so on every change), only the shown are read.
    reads.proxies.clear();
    expect(trayMenuInputOf(session, { plans: listing, refreshing: false })).toEqual(input);
    expect(Math.max(...reads.proxies)).toBe(MAX_PROXIES_PER_PLAN - 1);
  });
});

/**
 * An array of `length` elements of which only the first `readable` exist: reading any other
 * index (or iterating past them) throws, so a test using it fails at once if the code under
 * test walks the whole list. Every index read is recorded in `reads`.
 */
function guardedList<Element>(
  length: number,
  readable: number,
  reads: Set<number>,
  element: (index: number) => Element,
): readonly Element[] {
  const elements = Array.from({ length: readable }, (_, index) => element(index));
  return new Proxy(elements, {
    get(target, key, receiver) {
      if (key === 'length') return length;
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        const index = Number(key);
        reads.add(index);
        if (index >= readable) throw new Error(`read element ${index}, beyond what is shown`);
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) return Number(key) < length;
      return Reflect.has(target, key);
    },
  });
}

describe('guardedList', () => {
  it('throws on a read past what it lets be read, so the test above would catch a full walk', () => {
    const list = guardedList(10, 2, new Set(), (index) => index);
    expect(list.length).toBe(10);
    expect(list.slice(0, 2)).toEqual([0, 1]);
    expect(() => list.map((value) => value)).toThrow(/beyond what is shown/);
    expect(() => list[5]).toThrow(/beyond what is shown/);
  });
});

describe('readyUpdateVersion', () => {
  it('is the version of a downloaded update, and nothing before it is downloaded', () => {
    expect(readyUpdateVersion({ state: 'ready', version: '1.2.3' })).toBe('1.2.3');
    expect(readyUpdateVersion({ state: 'downloading', version: '1.2.3' })).toBeUndefined();
    expect(readyUpdateVersion({ state: 'idle' })).toBeUndefined();
  });
});
