import { describe, expect, it } from 'vitest';
import { planSchema, userSchema } from '../../../src/shared/api';
import { plansAsHeld, userAsHeld } from './as-held';
import { createApiServer } from '../../../tools/reference-service/server';
import { createProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import { useReferenceService } from './reference-service-fixture';

const fixture = useReferenceService();

describe('the client against the reference service', () => {
  it('reads the account with GET /users/me', async () => {
    const user = await fixture.client().getAccount();
    expect(userSchema.parse(user)).toEqual(user);
    const stored = fixture.service().store.account('demo')?.user;
    // A uuid is kept as the service writes it (the loose dialect writes it in capitals).
    expect({ ...user, uuid: user.uuid?.toLowerCase() }).toEqual(stored && userAsHeld(stored));
    // The record's own token is not kept: the app has the one it signed in with.
    expect(JSON.stringify(user)).not.toContain(fixture.service().tokenFor('demo'));
    const request = fixture.service().requestLog.last({ path: '/users/me' });
    expect(request?.method).toBe('GET');
    expect(request?.headers['authorization']).toBe(`Bearer ${fixture.service().tokenFor('demo')}`);
    expect(request?.headers['content-type']).toBeUndefined();
  });

  it('checks the token with POST /users/me and no body', async () => {
    const user = await fixture.client().verifyToken();
    expect(user.username).toBe('demo');
    const request = fixture.service().requestLog.last({ path: '/users/me' });
    expect(request?.method).toBe('POST');
    expect(request?.body).toBeUndefined();
    expect(request?.headers['content-length'] ?? '0').toBe('0');
  });

  it('lists plans with their proxies, exactly as the service holds them', async () => {
    const { plans, problems } = await fixture.client().listPlans();
    expect(plans.map((plan) => planSchema.parse(plan))).toEqual(plans);
    const stored = fixture.service().store.account('demo')?.plans ?? [];
    expect(plans).toEqual(plansAsHeld(stored));
    expect(plans.some((plan) => plan.is_blocked)).toBe(true);
    // The loose dialect adds entries nobody could use; the spec dialect has nothing to leave out.
    expect(problems.filter((problem) => problem.effect !== 'hidden')).toEqual([]);
    expect(fixture.service().requestLog.last()?.method).toBe('GET');
  });

  it('turns rotation off and on, and returns the value now in effect', async () => {
    const id = fixture.changeableProxyId();
    const client = fixture.client();
    await expect(client.setRotation(id, false)).resolves.toBe(false);
    expect(fixture.service().store.proxyState(id)?.is_rotating).toBe(false);
    await expect(client.setRotation(id, true)).resolves.toBe(true);
    expect(fixture.service().store.proxyState(id)?.is_rotating).toBe(true);
    const request = fixture.service().requestLog.last({ path: '/proxies/update_rotation' });
    expect(request?.method).toBe('PUT');
    expect(request?.body).toStrictEqual({ id, is_rotating: true });
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
  });

  it('takes the service’s rotation value as the truth, not the one asked for', async () => {
    const id = fixture.changeableProxyId();
    fixture
      .service()
      .faults.add({ path: '/proxies/update_rotation', status: 200, body: { is_rotating: false } });
    await expect(fixture.client().setRotation(id, true)).resolves.toBe(false);
  });

  it('sets the rotation interval in seconds', async () => {
    const id = fixture.changeableProxyId();
    await expect(fixture.client().setRotateInterval(id, 900)).resolves.toBe(900);
    expect(fixture.service().store.proxyState(id)?.rotate_interval).toBe(900);
    const request = fixture.service().requestLog.last({ path: '/proxies/update_rotate_interval' });
    expect(request?.body).toStrictEqual({ id, rotate_interval: 900 });
  });

  it('sets a label, which the listing then does not return', async () => {
    const id = fixture.changeableProxyId();
    const label = 'Shop “checkout” — 🇳🇱 <b>bold</b>';
    await expect(fixture.client().setLabel(id, label)).resolves.toBeUndefined();
    expect(fixture.service().store.proxyState(id)?.label).toBe(label);
    expect(
      fixture.service().requestLog.last({ path: '/proxies/update_label' })?.body,
    ).toStrictEqual({ id, label });
    const plans = await fixture.client().listPlans();
    expect(JSON.stringify(plans)).not.toContain('checkout');
  });

  it('accepts an empty label and one of 1,000 characters, emoji counted as one', async () => {
    const id = fixture.changeableProxyId();
    await fixture.client().setLabel(id, '');
    expect(fixture.service().store.proxyState(id)?.label).toBe('');
    await fixture.client().setLabel(id, 'x'.repeat(1_000));
    expect(fixture.service().store.proxyState(id)?.label).toHaveLength(1_000);
    const emoji = '🛰️'.repeat(500);
    await fixture.client().setLabel(id, emoji);
    expect(fixture.service().store.proxyState(id)?.label).toBe(emoji);
  });

  it('sends every call to the base URL’s path prefix, with or without a trailing slash', async () => {
    const prefixed = await createApiServer({ prefix: '/api/v1' });
    try {
      for (const baseUrl of [`${prefixed.url}/api/v1`, `${prefixed.url}/api/v1/`]) {
        const client = createProxyServiceClient({ baseUrl, token: prefixed.tokenFor('demo') });
        await expect(client.getAccount()).resolves.toMatchObject({ username: 'demo' });
        expect((await client.listPlans()).plans).toHaveLength(6);
      }
      expect(prefixed.requestLog.entries.map((entry) => entry.url)).toEqual([
        '/api/v1/users/me',
        '/api/v1/users/plans',
        '/api/v1/users/me',
        '/api/v1/users/plans',
      ]);
    } finally {
      await prefixed.close();
    }
  });

  it('handles a 10,000-proxy account', async () => {
    const large = await createApiServer({
      accounts: [{ username: 'large', plans: 100, proxiesPerPlan: 100 }],
    });
    try {
      const client = createProxyServiceClient({
        baseUrl: large.baseUrl,
        token: large.tokenFor('large'),
      });
      const { plans } = await client.listPlans();
      expect(plans.flatMap((plan) => plan.proxies)).toHaveLength(10_000);
    } finally {
      await large.close();
    }
  });
});
