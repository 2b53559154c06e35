// The loose dialect's records: the store's users, plans and proxies written the way real providers
// write them (numbers as strings, booleans as 0/1, timestamps in any ISO-ish form, extra fields, a
// wrapped listing). Pure and lossless: a client that normalises correctly gets the store's values.
// Every choice comes from chooseVariant(), so the same item is always written the same way.

import { chooseVariant } from './loose-choice';
import { formatTimestamp, TIMESTAMP_FORMS } from './loose-timestamps';
import type { TimestampForm } from './loose-timestamps';
import type { Plan, Proxy, User } from './records';

/** Integers as JSON numbers, or as their canonical decimal string ("8080"). */
export const NUMBER_FORMS = ['number', 'string'] as const;
/** true/false, 1/0 or "true"/"false". */
export const BOOLEAN_FORMS = ['boolean', 'number', 'string'] as const;
/** Fields the spec does not list, which a client must ignore. */
export const PLAN_EXTRAS = ['none', 'country', 'meta', 'both'] as const;
export const PROXY_EXTRAS = ['none', 'protocol', 'country', 'both'] as const;
/** How a plan without proxies says so; the spec's own form is an empty array. */
export const EMPTY_PROXIES_FORMS = ['array', 'null', 'missing'] as const;
const LOOSE_EMPTY_PROXIES_FORMS = ['null', 'missing'] as const;
/** The key holding the plans in the listing's wrapper object. */
export const LISTING_KEYS = ['data', 'plans', 'results', 'items'] as const;

export type NumberForm = (typeof NUMBER_FORMS)[number];
export type BooleanForm = (typeof BOOLEAN_FORMS)[number];
export type ListingKey = (typeof LISTING_KEYS)[number];

export interface PlanVariants {
  id: NumberForm;
  proxy_limit: NumberForm;
  is_blocked: BooleanForm;
  creation_date: TimestampForm;
  expire_date: TimestampForm;
  extras: (typeof PLAN_EXTRAS)[number];
  /** Only shows when the plan has no proxies. */
  emptyProxies: (typeof EMPTY_PROXIES_FORMS)[number];
}

export interface ProxyVariants {
  id: NumberForm;
  port: NumberForm;
  rotate_interval: NumberForm;
  plan_ip_class: NumberForm;
  is_rotating: BooleanForm;
  extras: (typeof PROXY_EXTRAS)[number];
}

/** What the spec dialect sends, in the same terms: tells a test there is nothing loose here. */
export const SPEC_PLAN_VARIANTS: PlanVariants = {
  id: 'number',
  proxy_limit: 'number',
  is_blocked: 'boolean',
  creation_date: 'spec',
  expire_date: 'spec',
  extras: 'none',
  emptyProxies: 'array',
};

export const SPEC_PROXY_VARIANTS: ProxyVariants = {
  id: 'number',
  port: 'number',
  rotate_interval: 'number',
  plan_ip_class: 'number',
  is_rotating: 'boolean',
  extras: 'none',
};

export function planVariantsOf(seed: number, planId: number): PlanVariants {
  const choose = <T>(field: string, forms: readonly T[]) =>
    chooseVariant(seed, `plan.${field}`, planId, forms);
  return {
    id: choose('id', NUMBER_FORMS),
    proxy_limit: choose('proxy_limit', NUMBER_FORMS),
    is_blocked: choose('is_blocked', BOOLEAN_FORMS),
    creation_date: choose('creation_date', TIMESTAMP_FORMS),
    expire_date: choose('expire_date', TIMESTAMP_FORMS),
    extras: choose('extras', PLAN_EXTRAS),
    emptyProxies: choose('emptyProxies', LOOSE_EMPTY_PROXIES_FORMS),
  };
}

export function proxyVariantsOf(seed: number, proxyId: number): ProxyVariants {
  const choose = <T>(field: string, forms: readonly T[]) =>
    chooseVariant(seed, `proxy.${field}`, proxyId, forms);
  return {
    id: choose('id', NUMBER_FORMS),
    port: choose('port', NUMBER_FORMS),
    rotate_interval: choose('rotate_interval', NUMBER_FORMS),
    plan_ip_class: choose('plan_ip_class', NUMBER_FORMS),
    is_rotating: choose('is_rotating', BOOLEAN_FORMS),
    extras: choose('extras', PROXY_EXTRAS),
  };
}

/** One key per server seed: a client must find the plans whatever the wrapper calls them. */
export function listingKeyOf(seed: number): ListingKey {
  return chooseVariant(seed, 'listing.key', 'plans', LISTING_KEYS);
}

type WireObject = Record<string, unknown>;

/**
 * GET /users/plans: the plans in a wrapper object, beside metadata that is not an array.
 * `extraProxies` are appended to the plan with that id: entries that are not in the store.
 */
export function loosePlanListing(
  plans: readonly Plan[],
  seed: number,
  extraProxies: ReadonlyMap<number, readonly WireObject[]> = new Map(),
): WireObject {
  const wirePlans = plans.map((plan) => loosePlan(plan, seed, extraProxies.get(plan.id)));
  return { [listingKeyOf(seed)]: wirePlans, total: plans.length, page: 1, next: null };
}

export function loosePlan(
  plan: Plan,
  seed: number,
  extraProxies: readonly WireObject[] = [],
): WireObject {
  const variants = planVariantsOf(seed, plan.id);
  const country = countryOf(plan);
  const proxies = [
    ...plan.proxies.map((proxy) => looseProxy(proxy, seed, country)),
    ...extraProxies,
  ];
  const wire: WireObject = {
    id: encodeNumber(plan.id, variants.id),
    name: plan.name,
    creation_date: formatTimestamp(plan.creation_date, variants.creation_date),
    expire_date: formatTimestamp(plan.expire_date, variants.expire_date),
    is_blocked: encodeBoolean(plan.is_blocked, variants.is_blocked),
    proxy_limit: encodeNumber(plan.proxy_limit, variants.proxy_limit),
  };
  if (proxies.length > 0 || variants.emptyProxies === 'array') wire.proxies = proxies;
  else if (variants.emptyProxies === 'null') wire.proxies = null;
  if (variants.extras === 'country' || variants.extras === 'both') wire.country = country;
  if (variants.extras === 'meta' || variants.extras === 'both') wire.meta = { tier: 'gold' };
  return wire;
}

/** Credentials and addresses go out untouched: only numbers, booleans and extras vary. */
export function looseProxy(proxy: Proxy, seed: number, country = 'US'): WireObject {
  const variants = proxyVariantsOf(seed, proxy.id);
  const wire: WireObject = {
    id: encodeNumber(proxy.id, variants.id),
    username: proxy.username,
    password: proxy.password,
    ip: proxy.ip,
    port: encodeNumber(proxy.port, variants.port),
    assigned_proxy_ipv4: proxy.assigned_proxy_ipv4,
    assigned_proxy_ipv6: proxy.assigned_proxy_ipv6,
    is_rotating: encodeBoolean(proxy.is_rotating, variants.is_rotating),
    rotate_interval: encodeNumber(proxy.rotate_interval, variants.rotate_interval),
    plan_ip_class: encodeNumber(proxy.plan_ip_class, variants.plan_ip_class),
  };
  if (variants.extras === 'protocol' || variants.extras === 'both') wire.protocol = 'http';
  if (variants.extras === 'country' || variants.extras === 'both') wire.country = country;
  return wire;
}

/**
 * GET and POST /users/me: the uuid in capitals (UUIDs compare case-insensitively), the creation
 * date as Python's str() writes it, and fields the spec does not list.
 */
export function looseUser(user: User, planCount: number): WireObject {
  return {
    ...user,
    uuid: user.uuid.toUpperCase(),
    creation_date: formatTimestamp(user.creation_date, 'space-no-zone'),
    plan_count: planCount,
    locale: 'en',
  };
}

export function encodeNumber(value: number, form: NumberForm): number | string {
  return form === 'string' ? String(value) : value;
}

export function encodeBoolean(value: boolean, form: BooleanForm): boolean | number | string {
  if (form === 'number') return value ? 1 : 0;
  if (form === 'string') return value ? 'true' : 'false';
  return value;
}

/** Generated plan names end in a country code ("Residential US 50"); any other plan says US. */
function countryOf(plan: Plan): string {
  return / ([A-Z]{2}) \d+$/.exec(plan.name)?.[1] ?? 'US';
}
