import fc from 'fast-check';
import { PLAN_FIELDS, PROXY_FIELDS } from '../../../tools/reference-service/records';
import type { ListingProblem } from '../../../src/main/api/decoding/listing-problems';
import type { Plan, Proxy } from '../../../src/shared/api';

/**
 * fast-check generators of answers: resources that follow the spec, the same resources respelled
 * or with one thing broken, arbitrary JSON and arbitrary text; and, for the plan listing, a model
 * of what the tolerant reader should make of each mutation.
 */

// --- Timestamps ------------------------------------------------------------------------------

const MINUTE_MS = 60_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `items[index]`, which the caller knows is there. */
function itemAt<Item>(items: readonly Item[], index: number): Item {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at ${index}`);
  return item;
}

/** The one form the app keeps: `2025-03-01T10:00:00Z`, `.sssZ` only when ms are not 0. */
export function canonicalOf(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** Instants between 2000 and 2100, half of them on a whole second. */
export const instant = fc.oneof(
  fc.integer({ min: 946_684_800, max: 4_102_444_800 }).map((seconds) => seconds * 1000),
  fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 }),
);

export const canonicalTimestamp = instant.map(canonicalOf);

function zoneOf(offsetMinutes: number, style: number): string {
  if (offsetMinutes === 0) {
    return itemAt(['Z', 'z', '', '+00:00', '+0000', '+00', '-00:00'], style % 7);
  }
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = pad(Math.floor(Math.abs(offsetMinutes) / 60));
  const minutes = pad(Math.abs(offsetMinutes) % 60);
  const styles = [`${sign}${hours}:${minutes}`, `${sign}${hours}${minutes}`];
  if (minutes === '00') styles.push(`${sign}${hours}`);
  return itemAt(styles, style % styles.length);
}

/**
 * Other spellings of the same instant, as loose services write them: `T` or a space, any UTC
 * offset in quarter hours (`±hh:mm`, `±hhmm`, `±hh`), `Z`/`z`/no zone for UTC, fractions of
 * any length (digits past the milliseconds are noise), seconds left out when they are 0, and
 * the date alone for midnight UTC. The instant's year must stay within 0000–9999 at any offset.
 */
export function spellingsOf(epochMs: number): fc.Arbitrary<string> {
  return fc
    .record({
      separator: fc.constantFrom('T', ' '),
      offsetMinutes: fc.oneof(
        fc.constant(0),
        fc.integer({ min: -14 * 4, max: 14 * 4 }).map((quarters) => quarters * 15),
      ),
      zoneStyle: fc.nat({ max: 6 }),
      fractionStyle: fc.nat({ max: 2 }),
      noise: fc.stringMatching(/^\d{0,6}$/),
      comma: fc.boolean(),
      shorten: fc.boolean(),
    })
    .map(({ separator, offsetMinutes, zoneStyle, fractionStyle, noise, comma, shorten }) => {
      const local = new Date(epochMs + offsetMinutes * MINUTE_MS);
      const date = local.toISOString().slice(0, 10);
      const [hours, minutes, seconds, millis] = [
        local.getUTCHours(),
        local.getUTCMinutes(),
        local.getUTCSeconds(),
        local.getUTCMilliseconds(),
      ];
      const zone = zoneOf(offsetMinutes, zoneStyle);
      const wholeMinute = seconds === 0 && millis === 0;
      if (shorten && wholeMinute && hours === 0 && minutes === 0 && offsetMinutes === 0) {
        return date;
      }
      let time = `${pad(hours)}:${pad(minutes)}`;
      if (!(shorten && wholeMinute)) {
        const mark = comma ? ',' : '.';
        time += `:${pad(seconds)}`;
        if (millis !== 0) time += `${mark}${pad(millis, 3)}${noise}`;
        else if (fractionStyle === 1) time += `${mark}0`;
        else if (fractionStyle === 2) time += `${mark}000${noise}`;
      }
      return `${date}${separator}${time}${zone}`;
    });
}

// --- The plan listing as the spec writes it ---------------------------------------------------

/** Spec 2.3: a proxy as the service sends it; some services add a label. */
export type SpecProxy = Omit<Proxy, 'label'> & { label?: string };
/** Spec 2.2, with timestamps already in the app's form. */
export type SpecPlan = Omit<Plan, 'proxies'> & { proxies: SpecProxy[] };

export { PLAN_FIELDS, PROXY_FIELDS };
/** What a proxy is used for: without any of these it is hidden. */
export const REQUIRED_PROXY_FIELDS = ['id', 'username', 'password', 'ip', 'port'] as const;

const positiveId = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
);
const hostName = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([labels, top]) => [...labels, top].join('.'));
const text = fc.string({ minLength: 1, maxLength: 12 });

export const specProxy: fc.Arbitrary<SpecProxy> = fc.record(
  {
    id: positiveId,
    username: text,
    password: text,
    ip: fc.oneof(fc.ipV4(), fc.ipV6(), hostName),
    port: fc.integer({ min: 1, max: 65_535 }),
    // null: a plan that hands out no address of that version.
    assigned_proxy_ipv4: fc.option(fc.ipV4(), { freq: 8 }),
    assigned_proxy_ipv6: fc.option(fc.ipV6(), { freq: 4 }),
    is_rotating: fc.boolean(),
    rotate_interval: fc.oneof(fc.constantFrom(0, 60, 600), fc.nat()),
    plan_ip_class: fc.oneof(fc.integer({ min: -1, max: 3 }), fc.integer()),
    // Not in the spec's listing; an empty one is no label.
    label: fc.oneof(fc.constant(''), fc.string({ maxLength: 8 })),
  },
  { requiredKeys: PROXY_FIELDS.slice() },
);

export const specPlan: fc.Arbitrary<SpecPlan> = fc.record({
  id: positiveId,
  name: text,
  creation_date: canonicalTimestamp,
  expire_date: canonicalTimestamp,
  is_blocked: fc.boolean(),
  proxy_limit: fc.nat(),
  proxies: fc.array(specProxy, { maxLength: 5 }),
});

/** Drops later plans and proxies whose id was already used: ids are unique in a listing. */
function withUniqueIds(plans: SpecPlan[]): SpecPlan[] {
  const planIds = new Set<number>();
  const proxyIds = new Set<number>();
  const fresh = (ids: Set<number>, id: number) => !ids.has(id) && Boolean(ids.add(id));
  return plans
    .filter((plan) => fresh(planIds, plan.id))
    .map((plan) => ({
      ...plan,
      proxies: plan.proxies.filter((proxy) => fresh(proxyIds, proxy.id)),
    }));
}

export const specListing = fc.array(specPlan, { maxLength: 4 }).map(withUniqueIds);

/** What the app holds for a spec proxy: the same values, label null unless one was sent. */
export function heldProxy(proxy: SpecProxy): Proxy {
  return { ...proxy, label: proxy.label || null };
}

/** What the app holds once it has read a spec listing: the same values. */
export function heldPlans(listing: readonly SpecPlan[]): Plan[] {
  return listing.map((plan) => ({ ...plan, proxies: plan.proxies.map(heldProxy) }));
}

// --- Mutations of a listing -------------------------------------------------------------------

/** A field of a plan, or of a proxy when `proxy` is set; `field: ''` is the proxy itself. */
export interface FieldAt {
  plan: number;
  proxy?: number;
  field: string;
}

export interface ProxyFieldAt extends FieldAt {
  proxy: number;
}

export const WRAPPER_KEYS = ['data', 'plans', 'results', 'items'] as const;

export type ListingMutation =
  | { kind: 'null'; at: FieldAt }
  | { kind: 'rename'; at: FieldAt; to: string }
  | { kind: 'stringify'; at: FieldAt }
  | { kind: 'wrap'; key: (typeof WRAPPER_KEYS)[number] }
  | { kind: 'break-proxy'; at: ProxyFieldAt; value: unknown }
  | { kind: 'respell-timestamp'; at: FieldAt; spelling: string }
  | { kind: 'boolean-as-number'; at: FieldAt };

/** Mutations that only write the same values another way. */
export const RESPELLINGS: readonly ListingMutation['kind'][] = [
  'stringify',
  'wrap',
  'respell-timestamp',
  'boolean-as-number',
];

export interface MutatedListing {
  listing: SpecPlan[];
  mutation: ListingMutation;
  /** The body the service sends. */
  body: unknown;
}

/** Values no reader can take for a required proxy field without guessing. */
const UNREADABLE: Record<(typeof REQUIRED_PROXY_FIELDS)[number] | '', readonly unknown[]> = {
  id: [0, -1, 1.5, '01', '7.0', ' 7', 'seven', true, [], {}],
  username: ['', 5, true, {}, ['u']],
  password: ['', 0, 12_345, false, ['p']],
  ip: ['', 'http://1.2.3.4', 'a b', '999.1.1.1', '[1.2.3.4]', 1_234, 'gate..example.com'],
  port: [0, 65_536, -1, 8080.5, '08080', '8080.0', ' 8080', '1e3', true, 'http'],
  // The proxy itself is not an object.
  '': ['proxy', 5, null, [], true],
};

function fieldsOf(listing: readonly SpecPlan[]): { at: FieldAt; value: unknown }[] {
  return listing.flatMap((plan, planIndex) => [
    ...PLAN_FIELDS.map((field) => ({ at: { plan: planIndex, field }, value: plan[field] })),
    ...plan.proxies.flatMap((proxy, proxyIndex) =>
      PROXY_FIELDS.map((field) => ({
        at: { plan: planIndex, proxy: proxyIndex, field },
        value: proxy[field] as unknown,
      })),
    ),
  ]);
}

function mutationsOf(listing: readonly SpecPlan[]): fc.Arbitrary<ListingMutation> {
  const fields = fieldsOf(listing);
  const where = (keep: (value: unknown, field: string) => boolean) =>
    fields.filter(({ at, value }) => keep(value, at.field)).map(({ at }) => at);
  const numbers = where((value) => typeof value === 'number');
  const timestamps = where((value, field) => typeof value === 'string' && field.endsWith('_date'));
  const booleans = where((value) => typeof value === 'boolean');
  const proxies = where((_value, field) => field === 'id').flatMap(({ plan, proxy }) =>
    proxy === undefined ? [] : [{ plan, proxy }],
  );
  const options: fc.Arbitrary<ListingMutation>[] = [
    fc.constantFrom(...WRAPPER_KEYS).map((key) => ({ kind: 'wrap' as const, key })),
  ];
  if (fields.length > 0) {
    const anyField = fc.constantFrom(...fields.map(({ at }) => at));
    options.push(
      anyField.map((at) => ({ kind: 'null' as const, at })),
      anyField.chain((at) =>
        fc
          .constantFrom(`${at.field}_old`, at.field.toUpperCase(), `_${at.field}`)
          .map((to) => ({ kind: 'rename' as const, at, to })),
      ),
    );
  }
  if (numbers.length > 0) {
    options.push(fc.constantFrom(...numbers).map((at) => ({ kind: 'stringify' as const, at })));
  }
  if (timestamps.length > 0) {
    options.push(
      fc.constantFrom(...timestamps).chain((at) =>
        spellingsOf(Date.parse(String(valueAt(listing, at)))).map((spelling) => ({
          kind: 'respell-timestamp' as const,
          at,
          spelling,
        })),
      ),
    );
  }
  if (booleans.length > 0) {
    options.push(
      fc.constantFrom(...booleans).map((at) => ({ kind: 'boolean-as-number' as const, at })),
    );
  }
  if (proxies.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...proxies), fc.constantFrom(...REQUIRED_PROXY_FIELDS, '' as const))
        .chain(([proxy, field]) =>
          fc.constantFrom(...UNREADABLE[field]).map((value) => ({
            kind: 'break-proxy' as const,
            at: { ...proxy, field },
            value,
          })),
        ),
    );
  }
  return fc.oneof(...options);
}

function holderOf(plans: unknown[], at: FieldAt): Record<string, unknown> {
  const plan = plans[at.plan] as Record<string, unknown>;
  if (at.proxy === undefined) return plan;
  return (plan['proxies'] as unknown[])[at.proxy] as Record<string, unknown>;
}

function valueAt(listing: readonly SpecPlan[], at: FieldAt): unknown {
  return holderOf(listing as unknown[], at)[at.field];
}

export function applyMutation(listing: readonly SpecPlan[], mutation: ListingMutation): unknown {
  const plans = structuredClone(listing) as unknown[];
  if (mutation.kind === 'wrap') return { [mutation.key]: plans, total: plans.length, page: 1 };
  const { at } = mutation;
  const holder = holderOf(plans, at);
  const value = holder[at.field];
  switch (mutation.kind) {
    case 'null':
      holder[at.field] = null;
      break;
    case 'rename':
      Reflect.deleteProperty(holder, at.field);
      holder[mutation.to] = value;
      break;
    case 'stringify':
      holder[at.field] = String(value);
      break;
    case 'respell-timestamp':
      holder[at.field] = mutation.spelling;
      break;
    case 'boolean-as-number':
      holder[at.field] = value ? 1 : 0;
      break;
    case 'break-proxy':
      if (mutation.at.field === '') {
        const { plan, proxy } = mutation.at;
        (plans[plan] as { proxies: unknown[] }).proxies[proxy] = mutation.value;
      } else {
        holder[at.field] = mutation.value;
      }
      break;
  }
  return plans;
}

export const mutatedListing: fc.Arbitrary<MutatedListing> = specListing.chain((listing) =>
  mutationsOf(listing).map((mutation) => ({
    listing,
    mutation,
    body: applyMutation(listing, mutation),
  })),
);

/**
 * What the tolerant reader should make of a mutated listing: respellings change nothing; a
 * broken proxy is hidden with one problem; a field set to null or renamed away is a field left
 * out — a proxy without a required field is hidden, a plan without its id is hidden, any other
 * value becomes null (the plan's name `Plan <id>`, is_blocked false, proxies none), silently.
 */
export function expectedDecoding({ listing, mutation }: MutatedListing): {
  plans: Plan[];
  problems: Partial<ListingProblem>[];
} {
  const plans = heldPlans(listing);
  if (RESPELLINGS.includes(mutation.kind) || mutation.kind === 'wrap') {
    return { plans, problems: [] };
  }
  const { at } = mutation as { at: FieldAt };
  const plan = itemAt(plans, at.plan);
  const where = { planId: plan.id, planName: plan.name };
  const pathOf = (base: string) => (at.field ? `${base}.${at.field}` : base);
  if (at.proxy !== undefined) {
    const path = pathOf(`[${at.plan}].proxies[${at.proxy}]`);
    const required = (REQUIRED_PROXY_FIELDS as readonly string[]).includes(at.field);
    if (mutation.kind === 'break-proxy' || required) {
      plan.proxies.splice(at.proxy, 1);
      return { plans, problems: [{ path, effect: 'hidden', item: 'proxy', ...where }] };
    }
    (plan.proxies[at.proxy] as unknown as Record<string, unknown>)[at.field] = null;
    return { plans, problems: [] };
  }
  const absent: Partial<Record<(typeof PLAN_FIELDS)[number], unknown>> = {
    name: `Plan ${plan.id}`,
    creation_date: null,
    expire_date: null,
    is_blocked: false,
    proxy_limit: null,
    proxies: [],
  };
  if (at.field === 'id') {
    plans.splice(at.plan, 1);
    const problem = { path: `[${at.plan}].id`, effect: 'hidden', item: 'plan' } as const;
    return { plans, problems: [{ ...problem, planId: null, planName: where.planName }] };
  }
  Object.assign(plan, { [at.field]: absent[at.field as keyof typeof absent] });
  return { plans, problems: [] };
}

/** Ids of the proxies a mutation reached: the proxy it changed, or all those of a plan it cut. */
export function touchedProxyIds({ listing, mutation }: MutatedListing): Set<number> {
  if (mutation.kind === 'wrap') return new Set();
  const { plan, proxy, field } = mutation.at;
  const proxies = itemAt(listing, plan).proxies;
  if (proxy !== undefined) return new Set([itemAt(proxies, proxy).id]);
  const cutsPlan = ['id', 'proxies'].includes(field) && ['null', 'rename'].includes(mutation.kind);
  return new Set(cutsPlan ? proxies.map(({ id }) => id) : []);
}

// --- Other resources --------------------------------------------------------------------------

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = fc
  .record({ sub: fc.uuid(), exp: fc.integer({ min: 0, max: 2 ** 31 }) })
  .map((claims) => `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2ln`);

export const validUser = fc.record({
  uuid: fc.uuid(),
  username: text,
  creation_date: canonicalTimestamp,
  creation_ip: fc.oneof(fc.ipV4(), fc.ipV6()),
  name: fc.string(),
  surname: fc.string(),
  address: fc.string(),
  access_token: jwt,
});

export const validRotationResult = fc.record({ is_rotating: fc.boolean() });
export const validIntervalResult = fc.record({ success: fc.boolean() });
export const validLabelResult = fc.constant(true);

/** Replaces, removes or retypes one field somewhere inside a JSON value. */
function breakOneField(value: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(value)) {
    if (value.length === 0) return fc.jsonValue();
    return fc
      .nat({ max: value.length - 1 })
      .chain((index) =>
        breakOneField(value[index]).map((broken) =>
          value.map((item, at) => (at === index ? broken : item)),
        ),
      );
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return fc.jsonValue();
    return fc.tuple(fc.constantFrom(...keys), fc.nat({ max: 3 })).chain(([key, how]) => {
      const record = value as Record<string, unknown>;
      if (how === 0) {
        const { [key]: _removed, ...rest } = record;
        return fc.constant(rest);
      }
      const replacement = how === 1 ? breakOneField(record[key]) : fc.jsonValue();
      return replacement.map((broken) => ({ ...record, [key]: broken }));
    });
  }
  return fc.jsonValue();
}

/** Any body a server could send where `valid` is expected. */
export function responseBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    valid.map((value) => JSON.stringify(value)),
    valid.chain(breakOneField).map((value) => JSON.stringify(value) ?? ''),
    fc.json(),
    fc.string(),
  );
}

/** Any listing body: spec listings, mutated ones, broken ones, JSON, text. */
export const listingBodies = fc.oneof(
  responseBodies(specListing),
  mutatedListing.map(({ body }) => JSON.stringify(body)),
);

// --- Update answers ---------------------------------------------------------------------------

const looseBoolean = fc.constantFrom<unknown>(
  true,
  false,
  1,
  0,
  'true',
  'false',
  'TRUE',
  'False',
  'yes',
  '1',
  2,
  null,
  '',
);
const looseInterval = fc.oneof(
  fc.integer({ min: -5, max: 100_000 }),
  fc.integer({ min: 0, max: 100_000 }).map(String),
  fc.constantFrom<unknown>('0600', '600.0', 1.5, null, '', 'soon'),
);
const explanation = fc.oneof(fc.string(), fc.constantFrom<unknown>('  ', 5, { text: 'x' }, null));

/** What a service may answer an update with, status 2xx: anything, and the usual shapes. */
export const updateAnswerBodies: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'true', 'false', '"true"', '"false"', '{}', 'OK', 'null', '[]', '0'),
  fc
    .record(
      {
        success: looseBoolean,
        ok: looseBoolean,
        is_rotating: looseBoolean,
        rotate_interval: looseInterval,
        detail: explanation,
        message: explanation,
        error: explanation,
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.json(),
  fc.string(),
);
