import { describe, expect, it } from 'vitest';
import { planSchema, proxySchema, userSchema } from '../../../src/shared/api';
import { samplePlan, sampleProxy, sampleUser } from './samples';

/*
 * The resources as the app holds them (what the popup receives, minus passwords): one form for
 * each value, whatever form the service used. The service's own spellings are the decoders'
 * business (test/main/api/decoding).
 */

function firstIssuePath(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[] }[] };
}) {
  return result.error?.issues[0]?.path;
}

describe('resource schemas of the app', () => {
  it('accept the resources as the app holds them', () => {
    expect(userSchema.parse(sampleUser())).toEqual(sampleUser());
    expect(proxySchema.parse(sampleProxy())).toEqual(sampleProxy());
    expect(planSchema.parse(samplePlan())).toEqual(samplePlan());
  });

  it('accept null for what the service may leave out, and host names as entry points', () => {
    const proxy = {
      ...sampleProxy(),
      ip: 'gate.example.com',
      assigned_proxy_ipv4: null,
      assigned_proxy_ipv6: null,
      is_rotating: null,
      rotate_interval: null,
      plan_ip_class: null,
      label: 'from the service',
    };
    expect(proxySchema.parse(proxy)).toEqual(proxy);
    const plan = { ...samplePlan(), creation_date: null, expire_date: null, proxy_limit: null };
    expect(planSchema.parse(plan)).toEqual(plan);
    const user = { ...sampleUser(), uuid: null, creation_date: 'sometime', name: null };
    expect(userSchema.parse(user)).toEqual(user);
  });

  it.each([
    ['id', 0],
    ['id', '7'],
    ['port', 70_000],
    ['ip', 'not a host'],
    ['ip', ''],
    ['assigned_proxy_ipv4', '2001:db8::1'],
    ['assigned_proxy_ipv6', '10.0.0.1'],
    ['is_rotating', 'true'],
    ['rotate_interval', -1],
    ['password', undefined],
  ])('refuse the proxy field %s as %j', (field, value) => {
    const result = proxySchema.safeParse({ ...sampleProxy(), [field]: value });
    expect(result.success).toBe(false);
    expect(firstIssuePath(result)).toEqual([field]);
  });

  it('keep timestamps in one form only: UTC with Z', () => {
    for (const stamp of ['2025-06-01 12:00:00', '2025-06-01T12:00:00+02:00', 'tomorrow']) {
      const result = planSchema.safeParse({ ...samplePlan(), expire_date: stamp });
      expect(firstIssuePath(result)).toEqual(['expire_date']);
    }
    expect(
      planSchema.safeParse({ ...samplePlan(), expire_date: '2025-06-01T12:00:00.5Z' }).success,
    ).toBe(true);
  });

  it('refuse a user without a username', () => {
    expect(firstIssuePath(userSchema.safeParse({ ...sampleUser(), username: '' }))).toEqual([
      'username',
    ]);
  });
});
