import { describe, expect, it } from 'vitest';
import {
  PLAN_FIELDS,
  PROXY_FIELDS,
  USER_FIELDS,
  type Plan,
  type User,
} from '../../../tools/reference-service/records';
import { useApiServer } from './use-api-server';
import { callApi, changeableProxyOf } from './test-helpers';

// These tests pin the spec's wire shapes, whatever PROXY_TRAY_API_DIALECT says.
const server = useApiServer({ dialect: 'spec' });

describe('the account endpoints', () => {
  it.each(['GET', 'POST'])(
    '%s /users/me returns the user with the current token',
    async (method) => {
      const token = server().tokenFor('demo');
      const { status, json, headers } = await callApi(server(), method, 'users/me', { token });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      const user = json as User;
      expect(Object.keys(user)).toEqual(USER_FIELDS);
      expect(user).toEqual({ ...server().store.account('demo')?.user, access_token: token });
    },
  );

  it('answers each user with their own record', async () => {
    const { json } = await callApi(server(), 'GET', 'users/me', {
      token: server().tokenFor('other'),
    });
    expect((json as User).username).toBe('other');
    expect((json as User).uuid).toBe(server().store.account('other')?.user.uuid);
  });
});

describe('GET /users/plans', () => {
  it('returns the caller’s plans with their proxies, in the spec’s shape', async () => {
    const { status, json } = await callApi(server(), 'GET', 'users/plans', {
      token: server().tokenFor('demo'),
    });
    expect(status).toBe(200);
    const plans = json as Plan[];
    expect(plans).toHaveLength(6);
    for (const plan of plans) {
      expect(Object.keys(plan)).toEqual(PLAN_FIELDS);
      expect(plan.proxies).toHaveLength(8);
      for (const proxy of plan.proxies) expect(Object.keys(proxy)).toEqual(PROXY_FIELDS);
    }
    expect(plans).toEqual(server().store.account('demo')?.plans);
  });

  it('never returns a label, even after one is set', async () => {
    const token = server().tokenFor('demo');
    const proxy = changeableProxyOf(server());
    const label = 'label-that-must-not-leak-4242';
    const update = await callApi(server(), 'PUT', 'proxies/update_label', {
      token,
      body: { id: proxy.id, label },
    });
    expect(update.status).toBe(200);
    expect(server().store.labelOf(proxy.id)).toBe(label);

    const { text, json } = await callApi(server(), 'GET', 'users/plans', { token });
    expect(text).not.toContain(label);
    const proxies = (json as Plan[]).flatMap((plan) => plan.proxies);
    expect(proxies.some((listed) => 'label' in listed)).toBe(false);
  });

  it('keeps plan and proxy ids unique across users', () => {
    const accounts = server().store.accounts();
    const planIds = accounts.flatMap((account) => account.plans.map((plan) => plan.id));
    const proxyIds = accounts.flatMap((a) => a.plans.flatMap((p) => p.proxies.map((x) => x.id)));
    expect(accounts.map((account) => account.user.username)).toEqual(['demo', 'other']);
    expect(new Set(planIds).size).toBe(planIds.length);
    expect(new Set(proxyIds).size).toBe(proxyIds.length);
  });
});

describe('a server with 100 plans of 100 proxies', () => {
  const big = useApiServer({
    dialect: 'spec',
    accounts: [{ username: 'big', plans: 100, proxiesPerPlan: 100 }],
  });

  it('lists all 10,000 proxies and updates the last one', async () => {
    const token = big().tokenFor('big');
    const { status, json } = await callApi(big(), 'GET', 'users/plans', { token });
    expect(status).toBe(200);
    const proxies = (json as Plan[]).flatMap((plan) => plan.proxies);
    expect(proxies).toHaveLength(10_000);
    expect(new Set(proxies.map((proxy) => proxy.id)).size).toBe(10_000);

    const last = (json as Plan[])
      .filter((plan) => !plan.is_blocked)
      .at(-1)
      ?.proxies.at(-1);
    if (!last) throw new Error('expected an unblocked plan');
    const update = await callApi(big(), 'PUT', 'proxies/update_rotate_interval', {
      token,
      body: { id: last.id, rotate_interval: 1234 },
    });
    expect(update.json).toEqual({ success: true });
    expect(big().store.proxyState(last.id)?.rotate_interval).toBe(1234);
  });
});

describe('unknown routes', () => {
  it('answers an unknown path with 404 {detail}', async () => {
    const { status, json } = await callApi(server(), 'GET', 'users/nobody', {
      token: server().tokenFor('demo'),
    });
    expect(status).toBe(404);
    expect(json).toEqual({ detail: 'Not Found' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const { status, json, headers } = await callApi(server(), 'DELETE', 'users/me');
    expect(status).toBe(405);
    expect(json).toEqual({ detail: 'Method Not Allowed' });
    expect(headers.get('allow')).toBe('GET, POST');
  });
});

describe('an account with a gateway plan', () => {
  const gateway = useApiServer({
    dialect: 'spec',
    accounts: [{ username: 'gw', plans: 3, proxiesPerPlan: 4, gatewayPlans: 1 }],
  });

  it('puts the first plan’s proxies on one host:port, told apart by username; others stay apart', () => {
    const [first, second] = gateway().store.account('gw')?.plans ?? [];
    const addresses = (plan: Plan | undefined) =>
      new Set(plan?.proxies.map((proxy) => `${proxy.ip}:${proxy.port}`));
    expect(first?.proxies).toHaveLength(4);
    expect(addresses(first).size).toBe(1);
    expect(new Set(first?.proxies.map((proxy) => proxy.username)).size).toBe(4);
    expect(addresses(second).size).toBe(4);
  });
});
