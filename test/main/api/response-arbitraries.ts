import fc from 'fast-check';

/**
 * fast-check generators of response bodies: resources that follow the spec, the same resources
 * with one field broken (removed, retyped, or given any JSON value), arbitrary JSON and arbitrary
 * text. Together they probe every way a server can get an answer wrong.
 */

const timestamp = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = fc
  .record({ sub: fc.uuid(), exp: fc.integer({ min: 0, max: 2 ** 31 }) })
  .map((claims) => `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2ln`);

const positiveId = fc.integer({ min: 1, max: 2 ** 31 });
const simpleIpv6 = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
  .map((groups) => groups.map((group) => group.toString(16)).join(':'));

export const validProxy = fc.record({
  id: positiveId,
  username: fc.string(),
  password: fc.string(),
  ip: fc.ipV4(),
  port: fc.integer({ min: 1, max: 65_535 }),
  assigned_proxy_ipv4: fc.ipV4(),
  assigned_proxy_ipv6: fc.oneof(simpleIpv6, fc.ipV6()),
  is_rotating: fc.boolean(),
  rotate_interval: fc.nat(),
  plan_ip_class: fc.integer(),
});

export const validPlan = fc.record({
  id: positiveId,
  name: fc.string(),
  creation_date: timestamp,
  expire_date: timestamp,
  is_blocked: fc.boolean(),
  proxy_limit: fc.nat(),
  proxies: fc.array(validProxy, { maxLength: 4 }),
});

export const validUser = fc.record({
  uuid: fc.uuid(),
  username: fc.string(),
  creation_date: timestamp,
  creation_ip: fc.oneof(fc.ipV4(), simpleIpv6),
  name: fc.string(),
  surname: fc.string(),
  address: fc.string(),
  access_token: jwt,
});

export const validPlanList = fc.array(validPlan, { maxLength: 3 });
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
