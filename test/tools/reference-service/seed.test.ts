import { isIPv4, isIPv6 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { formatIPv6 } from '../../../tools/reference-service/ip-addresses';
import type { Account, Proxy } from '../../../tools/reference-service/records';
import type { GenerateAccountInput } from '../../../tools/reference-service/seed';
import { generateAccount } from '../../../tools/reference-service/seed';
import { createRandom, firstRandom } from '../../../tools/reference-service/seeded-random';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const input = (overrides: Partial<GenerateAccountInput> = {}): GenerateAccountInput => ({
  seed: 7,
  username: 'demo',
  plans: 6,
  proxiesPerPlan: 8,
  now: NOW,
  ...overrides,
});

const proxiesOf = (account: Account): Proxy[] => account.plans.flatMap((plan) => plan.proxies);

describe('generateAccount', () => {
  it('gives the same account for the same seed and a different one for another seed', () => {
    expect(generateAccount(input())).toEqual(generateAccount(input()));
    expect(generateAccount(input({ seed: 8 }))).not.toEqual(generateAccount(input()));
  });

  it('makes a user record with an RFC 4122 version 4 uuid and UTC timestamps', () => {
    const { user } = generateAccount(input({ username: 'alice' }));
    expect(user.uuid).toMatch(UUID_V4);
    expect(user.username).toBe('alice');
    expect(user.creation_date).toMatch(ISO_UTC);
    expect(Date.parse(user.creation_date)).toBeLessThan(NOW);
    expect(isIPv4(user.creation_ip)).toBe(true);
    for (const field of [user.name, user.surname, user.address])
      expect(field.length).toBeGreaterThan(0);
  });

  it.each([3, 4, 6, 10, 25])(
    'with %i plans has exactly one blocked, one expired and one expiring within 2 days',
    (planCount) => {
      for (let seed = 1; seed <= 20; seed++) {
        const { plans } = generateAccount(input({ seed, plans: planCount }));
        expect(plans).toHaveLength(planCount);
        const expiresAt = (plan: (typeof plans)[number]) => Date.parse(plan.expire_date);
        const blocked = plans.filter((plan) => plan.is_blocked);
        const expired = plans.filter((plan) => expiresAt(plan) <= NOW);
        const soon = plans.filter((p) => expiresAt(p) > NOW && expiresAt(p) <= NOW + TWO_DAYS_MS);
        expect(blocked).toHaveLength(1);
        expect(expired).toHaveLength(1);
        expect(soon).toHaveLength(1);
        // Three different plans, so each case is seen on its own.
        expect(new Set([blocked[0], expired[0], soon[0]]).size).toBe(3);
        const rest = plans.filter((plan) => ![expired[0], soon[0]].includes(plan));
        for (const plan of rest) expect(expiresAt(plan)).toBeGreaterThan(NOW + TWO_DAYS_MS);
      }
    },
  );

  it('with fewer than 3 plans has only active, unblocked plans', () => {
    const { plans } = generateAccount(input({ plans: 2 }));
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan.is_blocked).toBe(false);
      expect(Date.parse(plan.expire_date)).toBeGreaterThan(NOW + TWO_DAYS_MS);
    }
  });

  it('dates every plan between the user creation and its expiry, in ISO 8601 UTC', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { user, plans } = generateAccount(input({ seed }));
      for (const plan of plans) {
        expect(plan.creation_date).toMatch(ISO_UTC);
        expect(plan.expire_date).toMatch(ISO_UTC);
        const created = Date.parse(plan.creation_date);
        expect(created).toBeGreaterThan(Date.parse(user.creation_date));
        expect(created).toBeLessThan(NOW);
        expect(created).toBeLessThan(Date.parse(plan.expire_date));
      }
    }
  });

  it('gives plans realistic names and a proxy_limit at least the number of proxies', () => {
    const { plans } = generateAccount(input({ plans: 30, proxiesPerPlan: 7 }));
    for (const plan of plans) {
      expect(plan.name).toMatch(
        /^(Residential|Datacenter|ISP|Mobile|Datacenter IPv6) [A-Z]{2} \d+$/,
      );
      expect(Number.isInteger(plan.proxy_limit)).toBe(true);
      expect(plan.proxy_limit).toBeGreaterThanOrEqual(plan.proxies.length);
    }
  });

  it('gives positive, unique plan and proxy ids, starting where it is told', () => {
    const account = generateAccount(input({ plans: 20, firstPlanId: 500, firstProxyId: 9000 }));
    const planIds = account.plans.map((plan) => plan.id);
    const proxyIds = proxiesOf(account).map((proxy) => proxy.id);
    expect(planIds[0]).toBe(500);
    expect(proxyIds[0]).toBe(9000);
    expect(new Set(planIds).size).toBe(planIds.length);
    expect(new Set(proxyIds).size).toBe(proxyIds.length);
    for (const id of [...planIds, ...proxyIds]) {
      expect(Number.isInteger(id) && id > 0).toBe(true);
    }
  });

  it('gives every proxy valid addresses, ports and rotation settings', () => {
    const account = generateAccount(input({ plans: 12, proxiesPerPlan: 20 }));
    for (const plan of account.plans) {
      const classes = new Set(plan.proxies.map((proxy) => proxy.plan_ip_class));
      expect(classes.size).toBe(1);
      for (const proxy of plan.proxies) {
        expect(isIPv4(proxy.ip)).toBe(true);
        expect(isIPv4(proxy.assigned_proxy_ipv4)).toBe(true);
        expect(isIPv6(proxy.assigned_proxy_ipv6)).toBe(true);
        expect(proxy.assigned_proxy_ipv6).toMatch(/^2001:db8:/);
        expect(Number.isInteger(proxy.port)).toBe(true);
        expect(proxy.port).toBeGreaterThanOrEqual(1024);
        expect(proxy.port).toBeLessThanOrEqual(65535);
        expect(typeof proxy.is_rotating).toBe('boolean');
        expect(Number.isInteger(proxy.rotate_interval) && proxy.rotate_interval > 0).toBe(true);
        expect([4, 6]).toContain(proxy.plan_ip_class);
        expect(proxy.username.length).toBeGreaterThan(0);
        expect(proxy.password.length).toBeGreaterThanOrEqual(12);
      }
    }
  });

  it('puts characters that need URL-encoding in some passwords, but not all', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const passwords = proxiesOf(generateAccount(input({ seed }))).map((proxy) => proxy.password);
      const needEncoding = passwords.filter((password) => /[@:/%#?&+=]/.test(password));
      expect(needEncoding.length).toBeGreaterThan(0);
      expect(needEncoding.length).toBeLessThan(passwords.length);
    }
  });

  it('builds 100 plans of 100 proxies (10,000 proxies) with unique ids', () => {
    const account = generateAccount(input({ plans: 100, proxiesPerPlan: 100 }));
    const ids = proxiesOf(account).map((proxy) => proxy.id);
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    for (const proxy of proxiesOf(account)) expect(proxy.port).toBeLessThanOrEqual(65535);
  });

  it('keeps ports within 1024–65535 even for a plan larger than the port range', () => {
    const [plan] = generateAccount(input({ plans: 1, proxiesPerPlan: 56_000 })).plans;
    const ports = plan?.proxies.map((proxy) => proxy.port) ?? [];
    expect(ports).toHaveLength(56_000);
    expect(Math.min(...ports)).toBeGreaterThanOrEqual(1024);
    expect(Math.max(...ports)).toBeLessThanOrEqual(65535);
  });

  it('handles an account without plans or without proxies', () => {
    expect(generateAccount(input({ plans: 0 })).plans).toEqual([]);
    const { plans } = generateAccount(input({ plans: 3, proxiesPerPlan: 0 }));
    expect(plans.every((plan) => plan.proxies.length === 0 && plan.proxy_limit >= 1)).toBe(true);
  });
});

describe('formatIPv6', () => {
  it.each([
    [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], '2001:db8::1'],
    [[0x2001, 0xdb8, 0, 1, 1, 1, 1, 1], '2001:db8:0:1:1:1:1:1'],
    [[0x2001, 0xdb8, 0, 0, 1, 0, 0, 0], '2001:db8:0:0:1::'],
    [[0, 0, 0, 0, 0, 0, 0, 0], '::'],
    [[0x2001, 0xdb8, 0xabcd, 0x12, 0xffff, 0x1, 0xa, 0xb], '2001:db8:abcd:12:ffff:1:a:b'],
  ])('writes %j as %s (RFC 5952)', (groups, expected) => {
    expect(formatIPv6(groups)).toBe(expected);
    expect(isIPv6(expected)).toBe(true);
  });
});

describe('createRandom', () => {
  it('repeats its sequence for a seed and stays within bounds', () => {
    const first = createRandom(42);
    const second = createRandom(42);
    const values = Array.from({ length: 1000 }, () => first.int(3, 9));
    expect(values).toEqual(Array.from({ length: 1000 }, () => second.int(3, 9)));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(9);
  });

  it('starts with firstRandom(seed)', () => {
    for (const seed of [0, 1, 42, 0xffffffff]) {
      expect(firstRandom(seed)).toBe(createRandom(seed).next());
    }
  });
});
