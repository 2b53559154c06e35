import { describe, expect, it } from 'vitest';
import { planListSchema, planSchema, proxySchema, userSchema } from '../../../src/shared/api';
import { samplePlan, sampleProxy, sampleUser } from './samples';

function firstIssuePath(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[] }[] };
}) {
  return result.error?.issues[0]?.path;
}

describe('resource schemas', () => {
  it('accepts the resources as the spec describes them', () => {
    expect(userSchema.parse(sampleUser())).toEqual(sampleUser());
    expect(proxySchema.parse(sampleProxy())).toEqual(sampleProxy());
    expect(planListSchema.parse([samplePlan()])).toEqual([samplePlan()]);
  });

  it('drops fields the spec does not name instead of failing', () => {
    const parsed = proxySchema.parse({ ...sampleProxy(), country: 'NL', label: 'ignored' });
    expect(parsed).not.toHaveProperty('country');
    expect(parsed).not.toHaveProperty('label');
  });

  it.each([
    ['id', 1.5],
    ['id', '7'],
    ['port', 70_000],
    ['port', 8080.5],
    ['ip', 'proxy.example.com'],
    ['assigned_proxy_ipv4', '300.1.1.1'],
    ['assigned_proxy_ipv6', '10.0.0.1'],
    ['assigned_proxy_ipv6', '2001:db8::g'],
    ['is_rotating', 'true'],
    ['rotate_interval', 1.25],
    ['plan_ip_class', null],
    ['password', undefined],
  ])('names the proxy field %s when it is %j', (field, value) => {
    const result = proxySchema.safeParse({ ...sampleProxy(), [field]: value });
    expect(result.success).toBe(false);
    expect(firstIssuePath(result)).toEqual([field]);
  });

  it.each([
    ['creation_date', '2024-13-01T00:00:00Z'],
    ['expire_date', 'tomorrow'],
    ['expire_date', 1_700_000_000],
    ['is_blocked', 0],
    ['proxy_limit', -1],
    ['proxies', {}],
  ])('names the plan field %s when it is %j', (field, value) => {
    const result = planSchema.safeParse({ ...samplePlan(), [field]: value });
    expect(result.success).toBe(false);
    expect(firstIssuePath(result)).toEqual([field]);
  });

  it.each([
    ['uuid', 'not-a-uuid'],
    ['creation_date', '2024-01-01'],
    ['creation_ip', 'localhost'],
    ['access_token', 'plain-string'],
    ['username', 42],
  ])('names the user field %s when it is %j', (field, value) => {
    const result = userSchema.safeParse({ ...sampleUser(), [field]: value });
    expect(result.success).toBe(false);
    expect(firstIssuePath(result)).toEqual([field]);
  });

  it('accepts timestamps with an offset, with fractions, or without a zone', () => {
    for (const stamp of [
      '2025-06-01T12:00:00Z',
      '2025-06-01T12:00:00.123456+02:00',
      '2025-06-01T12:00:00',
    ]) {
      expect(planSchema.safeParse({ ...samplePlan(), expire_date: stamp }).success).toBe(true);
    }
  });

  it('points into nested proxies with the full path', () => {
    const plan = samplePlan();
    const broken = { ...plan, proxies: [sampleProxy(), { ...sampleProxy(), port: 'x' }] };
    const result = planListSchema.safeParse([plan, broken]);
    expect(firstIssuePath(result)).toEqual([1, 'proxies', 1, 'port']);
  });
});
