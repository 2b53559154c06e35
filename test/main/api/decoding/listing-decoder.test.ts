import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePlanListing } from '../../../../src/main/api/decoding/listing-decoder';
import { UnreadableAnswer } from '../../../../src/main/api/decoding/unreadable-answer';
import { planSchema } from '../../../../src/shared/api';
import { heldProxy, specProxy as anySpecProxy } from '../response-arbitraries';

/** A proxy exactly as the spec writes it (2.3). */
function specProxy(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    username: `user${id}`,
    password: `pass-${id}`,
    ip: '198.51.100.7',
    port: 8000 + id,
    assigned_proxy_ipv4: '203.0.113.9',
    assigned_proxy_ipv6: '2001:db8::9',
    is_rotating: true,
    rotate_interval: 600,
    plan_ip_class: 1,
    ...overrides,
  };
}

/** A plan exactly as the spec writes it (2.2). */
function specPlan<Proxies>(id: number, proxies: Proxies, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Plan name ${id}`,
    creation_date: '2025-01-01T00:00:00Z',
    expire_date: '2026-01-01T12:30:00.250Z',
    is_blocked: false,
    proxy_limit: 10,
    proxies,
    ...overrides,
  };
}

const held = <Proxy extends object>(proxy: Proxy) => ({ ...proxy, label: null });

/** Decodes one plan holding `proxies`; returns its proxies and the problems. */
function decodeProxies(...proxies: unknown[]) {
  const { plans, problems } = decodePlanListing([specPlan(1, proxies)]);
  return { proxies: plans[0]?.proxies ?? [], problems };
}

function decodeOnePlan(overrides: Record<string, unknown>) {
  const { plans, problems } = decodePlanListing([specPlan(5, [], overrides)]);
  return { plan: plans[0], problems };
}

/** The details line's reason for each field of a proxy that it cannot be used without. */
const HIDDEN_BECAUSE: Record<string, string> = {
  id: 'Expected a positive integer id',
  username: 'Expected a user name',
  password: 'Expected a password',
  ip: 'Expected an IP address or a host name',
  port: 'Expected a port from 1 to 65535',
};

describe('decodePlanListing: the listing', () => {
  it('decodes a spec listing to exactly its values, label null, no problems', () => {
    const listing = [
      specPlan(1, [specProxy(11), specProxy(12, { is_rotating: false })]),
      specPlan(2, [], { is_blocked: true, proxy_limit: 0 }),
      specPlan(3, [specProxy(31, { ip: '2001:db8::31', assigned_proxy_ipv4: null })]),
    ];
    const { plans, problems } = decodePlanListing(listing);
    expect(problems).toEqual([]);
    expect(plans).toEqual(listing.map((plan) => ({ ...plan, proxies: plan.proxies.map(held) })));
    for (const plan of plans) expect(planSchema.parse(plan)).toEqual(plan);
  });

  it.each(['data', 'plans', 'results', 'items'])(
    'reads a listing wrapped in {%s: [...]}, naming it in problem paths',
    (key) => {
      const listing = [specPlan(1, [specProxy(1), specProxy(2, { port: null })])];
      const { plans, problems } = decodePlanListing({ [key]: listing, total: 1, next: null });
      expect(plans[0]?.proxies).toEqual([held(specProxy(1))]);
      expect(problems).toEqual([
        expect.objectContaining({ path: `${key}[0].proxies[1].port`, effect: 'hidden' }),
      ]);
    },
  );

  it('reads a wrapper with one list beside other values, and an empty listing', () => {
    expect(decodePlanListing({ data: [], plans: 'none', items: null }).plans).toEqual([]);
    expect(decodePlanListing([])).toEqual({ plans: [], problems: [] });
  });

  it.each([
    ['two lists', { data: [], items: [] }],
    ['no list', { total: 0 }],
    ['an empty object', {}],
    ['a wrapper without an array', { data: { plans: [] } }],
    ['a string', 'plans'],
    ['a number', 42],
    ['null', null],
    ['true', true],
  ])('throws UnreadableAnswer for %s', (_what, json) => {
    expect(() => decodePlanListing(json)).toThrow(UnreadableAnswer);
  });
});

describe('decodePlanListing: plans', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['zero', 0],
    ['negative', -4],
    ['fractional', 1.5],
    ['non-canonical text', '05'],
    ['a word', 'five'],
    ['unsafe', 2 ** 53],
  ])('hides a plan whose id is %s, saying so', (_what, id) => {
    const plan = { ...specPlan(5, [specProxy(1)]), id };
    const { plans, problems } = decodePlanListing([plan, specPlan(6, [])]);
    expect(plans.map(({ id }) => id)).toEqual([6]);
    expect(problems).toEqual([
      {
        path: '[0].id',
        message: 'Expected a positive integer id',
        effect: 'hidden',
        item: 'plan',
        planId: null,
        planName: 'Plan name 5',
      },
    ]);
  });

  it.each([[''], [17], [null]])('names a hidden plan by no name when its name is %j', (name) => {
    const { problems } = decodePlanListing([{ ...specPlan(5, []), id: 0, name }]);
    expect(problems).toMatchObject([{ path: '[0].id', planId: null, planName: null }]);
  });

  it.each([['a string'], [7], [null], [[1]]])('hides a plan that is %j', (raw) => {
    const { plans, problems } = decodePlanListing([raw, specPlan(6, [])]);
    expect(plans).toHaveLength(1);
    expect(problems).toEqual([
      {
        path: '[0]',
        message: 'Expected an object',
        effect: 'hidden',
        item: 'plan',
        planId: null,
        planName: null,
      },
    ]);
  });

  it('reads a plan id sent as text', () => {
    expect(decodeOnePlan({ id: '5' }).plan?.id).toBe(5);
  });

  it.each([
    // [overrides, what the plan holds, problem paths]
    [{ name: undefined }, { name: 'Plan 5' }, []],
    [{ name: null }, { name: 'Plan 5' }, []],
    [{ name: '' }, { name: 'Plan 5' }, []],
    [{ name: 17 }, { name: 'Plan 5' }, ['[0].name']],
    [
      { creation_date: undefined, expire_date: null },
      { creation_date: null, expire_date: null },
      [],
    ],
    [{ creation_date: 'soon' }, { creation_date: null }, ['[0].creation_date']],
    [{ expire_date: 1_767_225_600 }, { expire_date: null }, ['[0].expire_date']],
    [{ expire_date: '2026-02-30' }, { expire_date: null }, ['[0].expire_date']],
    [{ creation_date: '2025-03-01 10:00:00' }, { creation_date: '2025-03-01T10:00:00Z' }, []],
    [{ expire_date: '2025-03-01T12:00:00+0000' }, { expire_date: '2025-03-01T12:00:00Z' }, []],
    [{ expire_date: '2025-03-01' }, { expire_date: '2025-03-01T00:00:00Z' }, []],
    [{ is_blocked: undefined }, { is_blocked: false }, []],
    [{ is_blocked: 1 }, { is_blocked: true }, []],
    [{ is_blocked: 'TRUE' }, { is_blocked: true }, []],
    [{ is_blocked: 'yes' }, { is_blocked: false }, ['[0].is_blocked']],
    [{ proxy_limit: '25' }, { proxy_limit: 25 }, []],
    [{ proxy_limit: undefined }, { proxy_limit: null }, []],
    [{ proxy_limit: -1 }, { proxy_limit: null }, ['[0].proxy_limit']],
    [{ proxies: undefined }, { proxies: [] }, []],
    [{ proxies: null }, { proxies: [] }, []],
    [{ proxies: 'none' }, { proxies: [] }, ['[0].proxies']],
    [{ proxies: { 0: specProxy(1) } }, { proxies: [] }, ['[0].proxies']],
    [{ owner: 'x', tags: ['a'] }, {}, []],
  ])('reads a plan with %j as holding %j', (overrides, expected, paths) => {
    const { plan, problems } = decodeOnePlan(overrides);
    expect(plan).toMatchObject(expected);
    expect(plan).not.toHaveProperty('owner');
    expect(problems.map(({ path }) => path)).toEqual(paths);
    for (const problem of problems) expect(problem).toMatchObject({ planId: 5 });
  });

  it('says when a plan sent something other than a list of proxies', () => {
    const { problems } = decodeOnePlan({ proxies: 'none' });
    expect(problems).toEqual([
      {
        path: '[0].proxies',
        message: 'Expected a list of proxies',
        effect: 'hidden',
        item: 'proxy',
        planId: 5,
        planName: 'Plan name 5',
      },
    ]);
  });

  it('hides a later plan with an id already listed, and its proxies with it', () => {
    const { plans, problems } = decodePlanListing([
      specPlan(1, [specProxy(1)]),
      specPlan(1, [specProxy(2)], { name: 'Again' }),
    ]);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.name).toBe('Plan name 1');
    expect(problems).toEqual([
      {
        path: '[1].id',
        message: 'Another plan earlier in the listing has the same id',
        effect: 'hidden',
        item: 'plan',
        planId: 1,
        planName: 'Again',
      },
    ]);
  });
});

describe('decodePlanListing: proxies', () => {
  it.each([
    ['id', undefined],
    ['id', 0],
    ['id', '07'],
    ['id', 3.5],
    ['username', ''],
    ['username', null],
    ['username', 42],
    ['password', undefined],
    ['password', ''],
    ['password', 12_345],
    ['ip', 'http://x'],
    ['ip', 'a b'],
    ['ip', ''],
    ['ip', '999.1.1.1'],
    ['ip', '[1.2.3.4]'],
    ['ip', 3_325_256_711],
    ['port', null],
    ['port', undefined],
    ['port', 0],
    ['port', 65_536],
    ['port', 8080.5],
    ['port', '08080'],
    ['port', '8080.0'],
    ['port', ' 8080'],
    ['port', '1e3'],
    ['port', true],
  ])('hides a proxy whose %s is %j, with one problem naming it and why', (field, value) => {
    const { proxies, problems } = decodeProxies(
      specProxy(1),
      specProxy(2, { [field]: value }),
      specProxy(3),
    );
    expect(proxies.map(({ id }) => id)).toEqual([1, 3]);
    expect(problems).toEqual([
      {
        path: `[0].proxies[1].${field}`,
        message: HIDDEN_BECAUSE[field],
        effect: 'hidden',
        item: 'proxy',
        planId: 1,
        planName: 'Plan name 1',
      },
    ]);
  });

  it.each([
    ['empty', ''],
    ['numbers', 12_345],
  ])('hides a proxy whose user name and password are both %s', (_what, value) => {
    const { proxies, problems } = decodeProxies(specProxy(1, { username: value, password: value }));
    expect(proxies).toEqual([]);
    expect(problems).toMatchObject([
      { path: '[0].proxies[0].username', message: 'Expected a user name (and 1 more)' },
    ]);
  });

  it('names the first unreadable field of a proxy with several', () => {
    const { problems } = decodeProxies(specProxy(2, { password: '', port: 'x', ip: '' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      path: '[0].proxies[0].password',
      message: 'Expected a password (and 2 more)',
    });
  });

  it.each([['proxy'], [8080], [null], [[specProxy(1)]]])('hides a proxy that is %j', (raw) => {
    const { proxies, problems } = decodeProxies(raw, specProxy(2));
    expect(proxies.map(({ id }) => id)).toEqual([2]);
    expect(problems).toMatchObject([
      { path: '[0].proxies[0]', message: 'Expected an object', effect: 'hidden', item: 'proxy' },
    ]);
  });

  it.each([
    // [overrides, what the proxy holds, problem paths]
    [{ id: '9' }, { id: 9 }, []],
    [{ port: '8080' }, { port: 8080 }, []],
    [{ ip: 'gate.example.com' }, { ip: 'gate.example.com' }, []],
    [{ ip: 'Gate.Example.com' }, { ip: 'gate.example.com' }, []],
    [{ ip: '[2001:db8::1]' }, { ip: '2001:db8::1' }, []],
    [{ password: ' 0 ' }, { password: ' 0 ' }, []],
    [{ is_rotating: 1 }, { is_rotating: true }, []],
    [{ is_rotating: 0 }, { is_rotating: false }, []],
    [{ is_rotating: 'false' }, { is_rotating: false }, []],
    [{ is_rotating: undefined }, { is_rotating: null }, []],
    [{ is_rotating: 'yes' }, { is_rotating: null }, ['is_rotating']],
    [{ rotate_interval: '600' }, { rotate_interval: 600 }, []],
    [{ rotate_interval: -5 }, { rotate_interval: null }, ['rotate_interval']],
    [{ plan_ip_class: '-3' }, { plan_ip_class: -3 }, []],
    [{ plan_ip_class: 'residential' }, { plan_ip_class: null }, ['plan_ip_class']],
    [{ assigned_proxy_ipv4: null }, { assigned_proxy_ipv4: null }, []],
    [{ assigned_proxy_ipv4: '' }, { assigned_proxy_ipv4: null }, []],
    [{ assigned_proxy_ipv4: undefined }, { assigned_proxy_ipv4: null }, []],
    [
      { assigned_proxy_ipv4: '2001:db8::1' },
      { assigned_proxy_ipv4: null },
      ['assigned_proxy_ipv4'],
    ],
    [{ assigned_proxy_ipv4: 'n/a' }, { assigned_proxy_ipv4: null }, ['assigned_proxy_ipv4']],
    [{ assigned_proxy_ipv6: null }, { assigned_proxy_ipv6: null }, []],
    [{ assigned_proxy_ipv6: '' }, { assigned_proxy_ipv6: null }, []],
    [{ assigned_proxy_ipv6: '1.2.3.4' }, { assigned_proxy_ipv6: null }, ['assigned_proxy_ipv6']],
    [{ assigned_proxy_ipv6: 'fe80::zz' }, { assigned_proxy_ipv6: null }, ['assigned_proxy_ipv6']],
    // A number where an address belongs costs the address, never the listing.
    [{ assigned_proxy_ipv4: 16_909_060 }, { assigned_proxy_ipv4: null }, ['assigned_proxy_ipv4']],
    [{ assigned_proxy_ipv6: 536_939_960 }, { assigned_proxy_ipv6: null }, ['assigned_proxy_ipv6']],
    [{ label: 'home' }, { label: 'home' }, []],
    [{ label: 7 }, { label: null }, ['label']],
    [{ country: 'NL', extra: { a: 1 } }, {}, []],
  ])('keeps a proxy with %j as %j', (overrides, expected, fields) => {
    const { proxies, problems } = decodeProxies(specProxy(1, overrides));
    expect(proxies).toHaveLength(1);
    expect(proxies[0]).toMatchObject(expected);
    expect(Object.keys(proxies[0] ?? {}).sort()).toEqual(Object.keys(held(specProxy(1))).sort());
    expect(problems).toEqual(
      fields.map((field) =>
        expect.objectContaining({
          path: `[0].proxies[0].${field}`,
          effect: 'unknown',
          item: 'proxy',
          planId: 1,
        }),
      ),
    );
  });

  it('keeps a proxy without IPv6 on an IPv4-only plan silently', () => {
    const proxy = specProxy(1, { assigned_proxy_ipv6: null });
    expect(decodeProxies(proxy)).toEqual({ proxies: [held(proxy)], problems: [] });
  });

  it('reads a loose proxy to the values it means', () => {
    const { proxies, problems } = decodeProxies({
      id: '42',
      username: 'u',
      password: 'p',
      ip: 'gate.example.com',
      port: '8080',
      is_rotating: 1,
    });
    expect(problems).toEqual([]);
    expect(proxies).toEqual([
      {
        id: 42,
        username: 'u',
        password: 'p',
        ip: 'gate.example.com',
        port: 8080,
        assigned_proxy_ipv4: null,
        assigned_proxy_ipv6: null,
        is_rotating: true,
        rotate_interval: null,
        plan_ip_class: null,
        label: null,
      },
    ]);
  });

  it('hides a later proxy with an id already listed, in any plan', () => {
    const { plans, problems } = decodePlanListing([
      specPlan(1, [specProxy(1), specProxy(2)]),
      specPlan(2, [specProxy(2, { port: 9999 }), specProxy(3), specProxy(1)]),
    ]);
    expect(plans.map((plan) => plan.proxies.map(({ id }) => id))).toEqual([[1, 2], [3]]);
    expect(plans[0]?.proxies[1]?.port).toBe(8002);
    const again = 'Another proxy earlier in the listing has the same id';
    expect(problems).toMatchObject([
      { path: '[1].proxies[0].id', message: again, effect: 'hidden', item: 'proxy', planId: 2 },
      { path: '[1].proxies[2].id', message: again, effect: 'hidden', item: 'proxy', planId: 2 },
    ]);
  });

  it('keeps 999 of 1,000 proxies when one has port null, naming that one', () => {
    const proxies = Array.from({ length: 1_000 }, (_, index) =>
      specProxy(index + 1, index === 637 ? { port: null } : { port: 10_000 + index }),
    );
    const { plans, problems } = decodePlanListing([specPlan(1, proxies)]);
    expect(plans[0]?.proxies).toHaveLength(999);
    expect(plans[0]?.proxies.some(({ id }) => id === 638)).toBe(false);
    expect(plans[0]?.proxies[637]).toEqual({ ...proxies[638], label: null });
    expect(problems).toEqual([
      expect.objectContaining({
        path: '[0].proxies[637].port',
        effect: 'hidden',
        item: 'proxy',
        planId: 1,
        planName: 'Plan name 1',
      }),
    ]);
  });

  it('uses the plan name it shows when a plan sent none', () => {
    const { problems } = decodePlanListing([
      specPlan(4, [specProxy(1, { port: 'x' })], { name: null }),
    ]);
    expect(problems).toMatchObject([{ planId: 4, planName: 'Plan 4' }]);
  });
});

describe('decodePlanListing: the words of a value shown as unknown', () => {
  it.each([
    ['name', 17, 'Expected text'],
    ['creation_date', 'soon', 'Expected an ISO 8601 timestamp'],
    ['expire_date', 1_767_225_600, 'Expected an ISO 8601 timestamp'],
    ['is_blocked', 'yes', 'Expected true or false'],
    ['proxy_limit', -1, 'Expected a whole number'],
  ])('says a plan sent a %s it could not read (%j): %j', (field, value, message) => {
    const { plan, problems } = decodeOnePlan({ [field]: value });
    expect(plan).toBeDefined();
    expect(problems).toEqual([
      {
        path: `[0].${field}`,
        message,
        effect: 'unknown',
        item: 'plan',
        planId: 5,
        planName: field === 'name' ? 'Plan 5' : 'Plan name 5',
      },
    ]);
  });

  it.each([
    ['assigned_proxy_ipv4', 'n/a', 'Expected an IPv4 address'],
    ['assigned_proxy_ipv6', '1.2.3.4', 'Expected an IPv6 address'],
    ['is_rotating', 'yes', 'Expected true or false'],
    ['rotate_interval', -5, 'Expected a whole number of seconds'],
    ['plan_ip_class', 'residential', 'Expected an integer'],
    ['label', 7, 'Expected text'],
  ])('says a proxy sent a %s it could not read (%j): %j', (field, value, message) => {
    const { proxies, problems } = decodeProxies(specProxy(1, { [field]: value }));
    expect(proxies.map(({ id }) => id)).toEqual([1]);
    expect(problems).toEqual([
      {
        path: `[0].proxies[0].${field}`,
        message,
        effect: 'unknown',
        item: 'proxy',
        planId: 1,
        planName: 'Plan name 1',
      },
    ]);
  });
});

describe('decodePlanListing: a proxy in the spec form and in a loose form', () => {
  /** The same proxy with its port as text, which only the loose reader takes. */
  const loosened = (proxy: Record<string, unknown>) => ({ ...proxy, port: String(proxy['port']) });
  const decodeOne = (proxy: unknown) => decodePlanListing([specPlan(1, [proxy])]);

  it('reads to the same proxy either way', () => {
    fc.assert(
      fc.property(anySpecProxy, (proxy) => {
        const held = heldProxy(proxy);
        expect(decodeOne(proxy)).toEqual({ plans: [expect.anything()], problems: [] });
        expect(decodeOne(proxy).plans[0]?.proxies).toEqual([held]);
        expect(decodeOne(loosened(proxy)).plans[0]?.proxies).toEqual([held]);
      }),
      { numRuns: 1_000 },
    );
  });

  /** A value the app cannot use for each field a proxy is hidden without, near the edges. */
  const unusable = fc.oneof(
    fc.record({
      field: fc.constant('id'),
      value: fc.oneof(
        fc.integer({ min: -1_000, max: 0 }),
        fc.constant(Number.MAX_SAFE_INTEGER + 1),
        fc.integer({ min: 1, max: 1_000 }).map((id) => id + 0.5),
      ),
    }),
    fc.record({
      field: fc.constant('port'),
      value: fc.oneof(
        fc.integer({ min: -70_000, max: 0 }),
        fc.integer({ min: 65_536, max: 1_000_000 }),
        fc.integer({ min: 1, max: 65_534 }).map((port) => port + 0.5),
      ),
    }),
    fc.record({ field: fc.constantFrom('username', 'password', 'ip'), value: fc.constant('') }),
  );

  it('hides a proxy in the spec form with one unusable value, saying which and why', () => {
    fc.assert(
      fc.property(anySpecProxy, unusable, (proxy, { field, value }) => {
        const { plans, problems } = decodeOne({ ...proxy, [field]: value });
        expect(plans[0]?.proxies).toEqual([]);
        expect(problems).toEqual([
          expect.objectContaining({
            path: `[0].proxies[0].${field}`,
            message: HIDDEN_BECAUSE[field],
            effect: 'hidden',
          }),
        ]);
      }),
      { numRuns: 500 },
    );
  });

  /** A value the app cannot read for each field a proxy only shows, near the edges. */
  const unreadable = fc.oneof(
    fc.record({
      field: fc.constant('rotate_interval'),
      value: fc.oneof(
        fc.integer({ min: -1_000, max: -1 }),
        fc.constant(Number.MAX_SAFE_INTEGER + 1),
        fc.nat({ max: 1_000 }).map((seconds) => seconds + 0.5),
      ),
    }),
    fc.record({
      field: fc.constant('plan_ip_class'),
      value: fc.oneof(
        fc.constantFrom(Number.MIN_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER + 1),
        fc.integer({ min: -5, max: 5 }).map((ipClass) => ipClass + 0.5),
      ),
    }),
    fc.record({ field: fc.constant('assigned_proxy_ipv4'), value: fc.ipV6() }),
    fc.record({ field: fc.constant('assigned_proxy_ipv6'), value: fc.ipV4() }),
    fc.record({ field: fc.constant('is_rotating'), value: fc.constantFrom('yes', 2, -1) }),
    fc.record({ field: fc.constant('label'), value: fc.integer() }),
  );

  it('keeps a proxy in the spec form with one unreadable shown value, as unknown, saying so', () => {
    fc.assert(
      fc.property(anySpecProxy, unreadable, (proxy, { field, value }) => {
        const { plans, problems } = decodeOne({ ...proxy, [field]: value });
        expect(plans[0]?.proxies).toEqual([{ ...heldProxy(proxy), [field]: null }]);
        expect(problems).toEqual([
          expect.objectContaining({ path: `[0].proxies[0].${field}`, effect: 'unknown' }),
        ]);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['label ""', '"label":""', { label: null }],
    ['label null', '"label":null', { label: null }],
    ['label "home"', '"label":"home"', { label: 'home' }],
    ['rotate_interval -0', '"rotate_interval":-0', { rotate_interval: 0 }],
    ['plan_ip_class -0', '"plan_ip_class":-0', { plan_ip_class: 0 }],
  ])('reads %s the same either way', (_what, member, expected) => {
    const proxy = JSON.parse(`${JSON.stringify(specProxy(1)).slice(0, -1)},${member}}`) as Record<
      string,
      unknown
    >;
    for (const form of [proxy, loosened(proxy)]) {
      const [read] = decodeOne(form).plans[0]?.proxies ?? [];
      expect(read).toMatchObject(expected);
      for (const [key, value] of Object.entries(expected)) {
        expect(Object.is(read?.[key as keyof typeof read], value)).toBe(true);
      }
    }
  });
});
