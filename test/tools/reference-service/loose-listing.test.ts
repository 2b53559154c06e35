import { describe, expect, it } from 'vitest';
import {
  BOOLEAN_FORMS,
  LISTING_KEYS,
  listingKeyOf,
  NUMBER_FORMS,
  PLAN_EXTRAS,
  PROXY_EXTRAS,
} from '../../../tools/reference-service/loose-dialect';
import type { PlanVariants, ProxyVariants } from '../../../tools/reference-service/loose-dialect';
import { TIMESTAMP_FORMS } from '../../../tools/reference-service/loose-timestamps';
import {
  PLAN_FIELDS,
  PROXY_FIELDS,
  type Plan,
  type Proxy,
} from '../../../tools/reference-service/records';
import type { ApiServer } from '../../../tools/reference-service/server';
import { createApiServer } from '../../../tools/reference-service/server';
import { callApi } from './test-helpers';
import { FIRST_UNREADABLE_PROXY_ID } from '../../../tools/reference-service/unreadable-proxies';
import { useApiServer } from './use-api-server';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const server = useApiServer({ dialect: 'loose', now: () => NOW });

type Wire = Record<string, unknown>;

// A tiny tolerant client: what the app must do to read the loose dialect. Strict about everything
// else, so a value the dialect mangles instead of merely re-spelling fails here.
const integer = (value: unknown): number => {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  throw new Error(`not an integer: ${JSON.stringify(value)}`);
};
const flag = (value: unknown): boolean => {
  if (value === true || value === 1 || value === 'true') return true;
  if (value === false || value === 0 || value === 'false') return false;
  throw new Error(`not a boolean: ${JSON.stringify(value)}`);
};
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;
/** Back to the store's form: UTC, whole seconds, `Z`. No zone means UTC. */
const instant = (value: unknown): string => {
  const match = TIMESTAMP.exec(String(value));
  if (!match) throw new Error(`not a timestamp: ${JSON.stringify(value)}`);
  const [, date, time, fraction = '', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  return new Date(`${date}T${time}.${millis}${offset}`).toISOString().replace('.000Z', 'Z');
};
const isReadable = (proxy: Wire): boolean =>
  proxy.port !== null && proxy.port !== undefined && typeof proxy.password === 'string';
const readProxy = (wire: Wire): Proxy => ({
  id: integer(wire.id),
  username: String(wire.username),
  password: String(wire.password),
  ip: String(wire.ip),
  port: integer(wire.port),
  assigned_proxy_ipv4: String(wire.assigned_proxy_ipv4),
  assigned_proxy_ipv6: String(wire.assigned_proxy_ipv6),
  is_rotating: flag(wire.is_rotating),
  rotate_interval: integer(wire.rotate_interval),
  plan_ip_class: integer(wire.plan_ip_class),
});
const proxiesOf = (plan: Wire): Wire[] => (plan.proxies ?? []) as Wire[];
const readPlan = (wire: Wire): Plan => ({
  id: integer(wire.id),
  name: String(wire.name),
  creation_date: instant(wire.creation_date),
  expire_date: instant(wire.expire_date),
  is_blocked: flag(wire.is_blocked),
  proxy_limit: integer(wire.proxy_limit),
  proxies: proxiesOf(wire).filter(isReadable).map(readProxy),
});

// The forms a field was written in, read back from the wire, to compare with looseVariants.
const numberForm = (value: unknown) => (typeof value === 'string' ? 'string' : 'number');
const booleanForm = (value: unknown) => typeof value as 'boolean' | 'number' | 'string';
const timestampForm = (value: unknown) => {
  const text = String(value);
  if (text.includes(' ')) return 'space-no-zone';
  if (text.endsWith('+0000')) return 'fraction-offset-0000';
  if (text.endsWith('+02:00')) return 'offset-east';
  if (text.endsWith('-05:30')) return 'offset-west';
  return text.endsWith('.000Z') ? 'fraction-z' : 'spec';
};
const extrasForm = (wire: Wire, known: readonly string[]) => {
  const extra = Object.keys(wire).filter((key) => !known.includes(key));
  return extra.length === 0 ? 'none' : extra.length === 2 ? 'both' : extra[0];
};
const planFormsOf = (wire: Wire): Omit<PlanVariants, 'emptyProxies'> => ({
  id: numberForm(wire.id),
  proxy_limit: numberForm(wire.proxy_limit),
  is_blocked: booleanForm(wire.is_blocked),
  creation_date: timestampForm(wire.creation_date),
  expire_date: timestampForm(wire.expire_date),
  extras: extrasForm(wire, PLAN_FIELDS) as PlanVariants['extras'],
});
const proxyFormsOf = (wire: Wire): ProxyVariants => ({
  id: numberForm(wire.id),
  port: numberForm(wire.port),
  rotate_interval: numberForm(wire.rotate_interval),
  plan_ip_class: numberForm(wire.plan_ip_class),
  is_rotating: booleanForm(wire.is_rotating),
  extras: extrasForm(wire, PROXY_FIELDS) as ProxyVariants['extras'],
});

async function listingOf(target: ApiServer, username: string) {
  const { status, json, text } = await callApi(target, 'GET', 'users/plans', {
    token: target.tokenFor(username),
  });
  expect(status).toBe(200);
  const wrapper = json as Wire;
  const key = target.looseVariants.listingKey ?? '';
  return { wrapper, plans: wrapper[key] as Wire[], text };
}

describe('GET /users/plans, loose', () => {
  it('wraps the plans in an object, beside metadata that is not an array', async () => {
    const { wrapper, plans } = await listingOf(server(), 'demo');
    expect(Array.isArray(wrapper)).toBe(false);
    const key = server().looseVariants.listingKey;
    expect(LISTING_KEYS).toContain(key);
    expect(plans).toHaveLength(6);
    expect(wrapper).toMatchObject({ total: 6, page: 1 });
    const arrays = Object.values(wrapper).filter((value) => Array.isArray(value));
    expect(arrays).toHaveLength(1);
  });

  it.each(['demo', 'other'])(
    'reads back exactly the store’s plans of %s, less the unreadable entries',
    async (username) => {
      const { plans } = await listingOf(server(), username);
      expect(plans.map(readPlan)).toEqual(server().store.account(username)?.plans);

      const unreadable = plans.flatMap((plan) =>
        proxiesOf(plan)
          .filter((proxy) => !isReadable(proxy))
          .map((proxy) => ({
            planId: integer(plan.id),
            planName: plan.name,
            proxyId: integer(proxy.id),
            field: proxy.port === null ? 'port' : 'password',
          })),
      );
      expect(unreadable).toEqual(server().looseVariants.unreadableProxies(username));
    },
  );

  it('adds two unreadable entries to one open plan per account: no port, no password', () => {
    const accounts = server().store.accounts();
    const reported = accounts.flatMap((account) =>
      server().looseVariants.unreadableProxies(account.user.username),
    );
    expect(reported).toHaveLength(2 * accounts.length);
    for (const account of accounts) {
      const [noPort, noPassword] = server().looseVariants.unreadableProxies(account.user.username);
      expect(noPort?.field).toBe('port');
      expect(noPassword?.field).toBe('password');
      expect(noPassword?.planId).toBe(noPort?.planId);
      const plan = account.plans.find((candidate) => candidate.id === noPort?.planId);
      expect(plan?.is_blocked).toBe(false);
      expect(noPort?.planName).toBe(plan?.name);
    }
    const ids = reported.map((entry) => entry.proxyId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toBeGreaterThanOrEqual(FIRST_UNREADABLE_PROXY_ID);
      expect(server().store.locateProxy(id)).toBeUndefined();
    }
  });

  it('keeps the unreadable entries well-formed in every other field', async () => {
    const { plans } = await listingOf(server(), 'demo');
    const broken = plans.flatMap(proxiesOf).filter((proxy) => !isReadable(proxy));
    expect(broken).toHaveLength(2);
    for (const entry of broken) {
      const repaired = { password: 'x', ...entry, port: entry.port ?? 1 };
      expect(() => readProxy(repaired)).not.toThrow();
    }
    expect(broken[0]).toHaveProperty('port', null);
    expect(broken[1]).not.toHaveProperty('password');
  });

  it('writes each plan and proxy the way looseVariants reports', async () => {
    for (const username of ['demo', 'other']) {
      const { plans } = await listingOf(server(), username);
      for (const plan of plans) {
        const { emptyProxies: _onlyForEmptyPlans, ...reported } =
          server().looseVariants.planVariantsOf(integer(plan.id));
        expect(planFormsOf(plan)).toEqual(reported);
        for (const proxy of proxiesOf(plan).filter(isReadable)) {
          expect(proxyFormsOf(proxy)).toEqual(
            server().looseVariants.proxyVariantsOf(integer(proxy.id)),
          );
        }
      }
    }
  });

  it('uses every form at least once across the default accounts', async () => {
    const plans = [
      ...(await listingOf(server(), 'demo')).plans,
      ...(await listingOf(server(), 'other')).plans,
    ];
    const proxies = plans.flatMap(proxiesOf).filter(isReadable);
    const seen = <T>(items: Wire[], read: (item: Wire) => T) => new Set(items.map(read));
    const planForms = plans.map(planFormsOf);
    const proxyForms = proxies.map(proxyFormsOf);
    const timestamps = planForms.flatMap((forms) => [forms.creation_date, forms.expire_date]);
    expect(new Set(timestamps)).toEqual(new Set(TIMESTAMP_FORMS));
    expect(new Set(planForms.map((forms) => forms.id))).toEqual(new Set(NUMBER_FORMS));
    expect(new Set(planForms.map((forms) => forms.proxy_limit))).toEqual(new Set(NUMBER_FORMS));
    expect(new Set(planForms.map((forms) => forms.is_blocked))).toEqual(new Set(BOOLEAN_FORMS));
    expect(new Set(planForms.map((forms) => forms.extras))).toEqual(new Set(PLAN_EXTRAS));
    for (const field of ['id', 'port', 'rotate_interval', 'plan_ip_class'] as const) {
      expect(seen(proxies, (proxy) => numberForm(proxy[field]))).toEqual(new Set(NUMBER_FORMS));
    }
    expect(new Set(proxyForms.map((forms) => forms.is_rotating))).toEqual(new Set(BOOLEAN_FORMS));
    expect(new Set(proxyForms.map((forms) => forms.extras))).toEqual(new Set(PROXY_EXTRAS));
  });

  it('changes nothing in credentials and addresses', async () => {
    const { plans } = await listingOf(server(), 'demo');
    const stored =
      server()
        .store.account('demo')
        ?.plans.flatMap((plan) => plan.proxies) ?? [];
    const listed = new Map(
      plans.flatMap(proxiesOf).map((proxy) => [integer(proxy.id), proxy] as const),
    );
    for (const proxy of stored) {
      const { username, password, ip, assigned_proxy_ipv4, assigned_proxy_ipv6 } = proxy;
      expect(listed.get(proxy.id)).toMatchObject({
        username,
        password,
        ip,
        assigned_proxy_ipv4,
        assigned_proxy_ipv6,
      });
    }
  });

  it('writes each item the same way on every request and on every server with that seed', async () => {
    const first = await listingOf(server(), 'demo');
    const second = await listingOf(server(), 'demo');
    expect(second.text).toBe(first.text);
    const twin = await createApiServer({ dialect: 'loose', now: () => NOW });
    const otherSeed = await createApiServer({ dialect: 'loose', now: () => NOW, seed: 2 });
    try {
      expect((await listingOf(twin, 'demo')).text).toBe(first.text);
      expect(twin.looseVariants.unreadableProxies('demo')).toEqual(
        server().looseVariants.unreadableProxies('demo'),
      );
      expect((await listingOf(otherSeed, 'demo')).text).not.toBe(first.text);
    } finally {
      await Promise.all([twin.close(), otherSeed.close()]);
    }
  });

  it('serves the change a test makes to the live records', async () => {
    const plan = server().store.account('other')?.plans[0];
    const proxy = plan?.proxies[0];
    if (!plan || !proxy) throw new Error('expected a plan with a proxy');
    const before = proxy.rotate_interval;
    proxy.rotate_interval = 4242;
    try {
      const { plans } = await listingOf(server(), 'other');
      expect(plans.map(readPlan)).toEqual(server().store.account('other')?.plans);
    } finally {
      proxy.rotate_interval = before;
    }
  });

  it('picks every wrapper key for some seed', () => {
    const keys = new Set(Array.from({ length: 40 }, (_, seed) => listingKeyOf(seed)));
    expect(keys).toEqual(new Set(LISTING_KEYS));
  });
});

describe('plans without proxies, loose', () => {
  const empty = useApiServer({
    dialect: 'loose',
    accounts: [{ username: 'empty', plans: 8, proxiesPerPlan: 0 }],
  });

  it('sends `proxies` as null or leaves it out, and the client reads an empty list', async () => {
    const { plans } = await listingOf(empty(), 'empty');
    const [broken] = empty().looseVariants.unreadableProxies('empty');
    const withoutEntries = plans.filter((plan) => integer(plan.id) !== broken?.planId);
    const formOf = (plan: Wire) =>
      plan.proxies === null ? 'null' : 'proxies' in plan ? 'array' : 'missing';
    expect(new Set(withoutEntries.map(formOf))).toEqual(new Set(['null', 'missing']));
    for (const plan of withoutEntries) {
      const reported = empty().looseVariants.planVariantsOf(integer(plan.id)).emptyProxies;
      expect(formOf(plan)).toBe(reported);
    }
    expect(plans.map(readPlan)).toEqual(empty().store.account('empty')?.plans);
  });
});
