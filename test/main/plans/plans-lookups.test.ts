import { describe, expect, it } from 'vitest';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { PlansService } from '../../../src/main/plans/plans-service';
import type { PlansUpdate } from '../../../src/shared/views/plans-update';
import { useReferenceService } from '../api/reference-service-fixture';
import { confIn, useTempDir } from '../store/temp-store-dir';

/*
 * What the rest of the app reads from the plans: a proxy with its credentials for copying, the
 * listed proxies with their plan and label for exporting, and nothing of an account signed out.
 */

const fixture = useReferenceService();
const dir = useTempDir();

function setUp() {
  const session = {
    accountId: 'account-demo' as string | undefined,
    activeAccountId: () => session.accountId,
    client: () => fixture.client('demo'),
    reportRejected: () => {},
  };
  const labels = openLabelStore({ createStore: confIn(dir()) });
  const plans = new PlansService({ session, labels });
  return { session, labels, plans };
}

const demoPlans = () => fixture.service().store.account('demo')?.plans ?? [];

describe('a proxy looked up by id', () => {
  it('has its password, its plan and the label the popup shows', async () => {
    const { plans, labels } = setUp();
    const plan = demoPlans().find((each) => !each.is_blocked);
    const stored = plan?.proxies[0];
    if (!plan || !stored) throw new Error('the demo account has a proxy');
    labels.set('account-demo', stored.id, 'Checkout');
    await plans.refresh();
    expect(plans.proxy(stored.id).password).toBe(stored.password);
    const entry = plans.entry(stored.id);
    expect(entry).toMatchObject({ accountId: 'account-demo', label: 'Checkout' });
    expect(entry.plan.id).toBe(plan.id);
    expect(entry.proxy.password).toBe(stored.password);
  });

  it('is listed with its plan and its view, which has no password', async () => {
    const { plans } = setUp();
    const plan = demoPlans()[1];
    const stored = plan?.proxies[2];
    if (!plan || !stored) throw new Error('the demo account has two plans of three proxies');
    expect(plans.listed(stored.id)).toBeUndefined();
    await plans.refresh();
    const listed = plans.listed(stored.id);
    expect(listed?.planId).toBe(plan.id);
    expect(listed?.plan.name).toBe(plan.name);
    expect(listed?.proxy).toMatchObject({ id: stored.id, ip: stored.ip, port: stored.port });
    expect(JSON.stringify(listed?.proxy)).not.toContain(stored.password);
    expect(plans.listed(999_999)).toBeUndefined();
  });

  it('is not found once the account is signed out, or when it is not listed', async () => {
    const { plans, session } = setUp();
    await plans.refresh();
    const [plan] = demoPlans();
    const stored = plan?.proxies[0];
    if (!stored) throw new Error('the demo account has a proxy');
    expect(() => plans.entry(999_999)).toThrow(
      'This proxy is not in your plans any more: refresh and try again.',
    );
    session.accountId = undefined;
    expect(plans.listed(stored.id)).toBeUndefined();
    expect(plans.entries([stored.id])).toEqual([]);
    expect(() => plans.proxy(stored.id)).toThrow('Sign in to change proxies.');
  });
});

describe('before any listing arrived', () => {
  it('finds nothing while the first listing failed', async () => {
    const { plans } = setUp();
    const id = demoPlans()[0]?.proxies[0]?.id ?? -1;
    expect(() => plans.entry(id)).toThrow(
      'This proxy is not in your plans any more: refresh and try again.',
    );
    fixture.service().faults.add({ path: '/users/plans', status: 500 });
    expect((await plans.refresh()).error).not.toBeNull();
    expect(plans.entries([id])).toEqual([]);
    expect(plans.listed(id)).toBeUndefined();
    expect(() => plans.entry(id)).toThrow(
      'This proxy is not in your plans any more: refresh and try again.',
    );
  });
});

describe('proxies named for an export', () => {
  it('come in listing order with their plan and label, and unlisted ids are left out', async () => {
    const { plans, labels } = setUp();
    const [first, second] = demoPlans();
    const a = first?.proxies[1];
    const b = second?.proxies[0];
    if (!first || !second || !a || !b) throw new Error('the demo account has two plans');
    expect(plans.entries([a.id])).toEqual([]);
    await plans.refresh();
    labels.set('account-demo', a.id, 'Shop');
    const entries = plans.entries([b.id, 999_999, a.id]);
    expect(entries.map(({ plan, proxy, label }) => [plan.id, proxy.id, label])).toEqual([
      [first.id, a.id, 'Shop'],
      [second.id, b.id, null],
    ]);
    expect(entries[0]?.proxy.password).toBe(a.password);
  });
});

describe('accounts kept and listeners', () => {
  it('drops the plans of an account signed out, and keeps those of one still signed in', async () => {
    const { plans } = setUp();
    await plans.refresh();
    plans.keepOnly(new Set(['account-demo']));
    expect(plans.snapshot().plans).not.toBeNull();
    plans.keepOnly(new Set(['account-other']));
    expect(plans.snapshot()).toMatchObject({ accountId: 'account-demo', plans: null });
    expect(plans.age()).toBe(Number.POSITIVE_INFINITY);
  });

  it('a listener that stopped listening hears nothing more', async () => {
    const { plans } = setUp();
    const heard: PlansUpdate['kind'][] = [];
    const updates: PlansUpdate[] = [];
    const stop = plans.onChange((update) => {
      heard.push(update.kind);
      updates.push(update);
    });
    await plans.refresh();
    expect(heard).toEqual(['status', 'snapshot']);
    // A snapshot goes out as it is, its revision inside it.
    expect(updates[1]).toEqual({ kind: 'snapshot', snapshot: plans.snapshot() });
    stop();
    await plans.refresh();
    expect(heard).toEqual(['status', 'snapshot']);
  });
});
