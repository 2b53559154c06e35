import { describe, expect, it, vi } from 'vitest';
import type { ProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { PlansService } from '../../../src/main/plans/plans-service';
import type { PlansUpdate } from '../../../src/shared/views/plans-update';
import type { PlansSnapshot } from '../../../src/shared/views/plans-view';
import { rejectionOf, useReferenceService } from '../api/reference-service-fixture';
import { confIn, useTempDir } from '../store/temp-store-dir';

/*
 * Changes racing what else happens meanwhile: a switch of account, a sign-out, a listing on its
 * way, a proxy gone from the plans. The user sees the service's values, and no change goes out
 * for an account other than the one it was made in.
 */

const fixture = useReferenceService();
const dir = useTempDir();

function setUp(options: { maxRetries?: number } = {}) {
  const session: {
    accountId: string | undefined;
    activeClient: ProxyServiceClient | undefined;
    activeAccountId(): string | undefined;
    client(): ProxyServiceClient | undefined;
    reportRejected(): void;
  } = {
    accountId: 'account-demo',
    activeClient: fixture.client('demo', options),
    activeAccountId: () => session.accountId,
    client: () => session.activeClient,
    reportRejected: () => {},
  };
  const labels = openLabelStore({ createStore: confIn(dir()) });
  const plans = new PlansService({ session, labels });
  return { session, labels, plans };
}

const proxyView = (snapshot: PlansSnapshot, id: number) =>
  snapshot.plans?.flatMap((plan) => plan.proxies).find((proxy) => proxy.id === id);

/** Two proxies of the demo account that may be changed (the first plan that is not blocked). */
function twoChangeable() {
  const plan = fixture
    .service()
    .store.account('demo')
    ?.plans.find((each) => !each.is_blocked);
  const [first, second] = plan?.proxies ?? [];
  if (!first || !second) throw new Error('the demo account has a plan of two proxies');
  return [first.id, second.id] as const;
}

describe('a change and the account it was made in', () => {
  it('does not send a change queued for an account once another is active', async () => {
    const { plans, session } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.rotate_interval ?? 0;
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', latencyMs: 100 });
    const first = plans.setRotateInterval(id, before + 60);
    // Waits behind the first: by the time its turn comes, the popup shows another account.
    const queued = rejectionOf(plans.setRotateInterval(id, before + 120));
    await vi.waitFor(() =>
      expect(fixture.service().requestLog.count({ path: '/proxies/update_rotate_interval' })).toBe(
        1,
      ),
    );
    session.accountId = 'account-other';
    session.activeClient = fixture.client('other');
    await first;
    expect(await queued).toMatchObject({
      kind: 'signed_out',
      message: 'The account changed before this change was sent.',
    });
    expect(fixture.service().requestLog.count({ path: '/proxies/update_rotate_interval' })).toBe(1);
    expect(fixture.service().store.proxyState(id)?.rotate_interval).toBe(before + 60);
  });

  it('does not send a change queued before a sign-out', async () => {
    const { plans, session } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_label', latencyMs: 100 });
    const first = plans.setLabel(id, 'first');
    const queued = rejectionOf(plans.setLabel(id, 'second'));
    await vi.waitFor(() =>
      expect(fixture.service().requestLog.count({ path: '/proxies/update_label' })).toBe(1),
    );
    // Signed out with the account still named: there is no client to send it with.
    session.activeClient = undefined;
    await first;
    expect(await queued).toMatchObject({
      kind: 'signed_out',
      message: 'The account changed before this change was sent.',
    });
    expect(fixture.service().store.proxyState(id)?.label).toBe('first');
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      label: 'first',
      pending: { label: false },
    });
  });
});

describe('a change and the listings around it', () => {
  it('a listing that left before a rotation was answered does not undo it', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const [id] = twoChangeable();
    const before = fixture.service().store.proxyState(id)?.is_rotating;
    // The listing is read now (its body is the state before the change) but answered late.
    const listedBeforeChange = structuredClone(fixture.service().store.account('demo')?.plans);
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 200, body: listedBeforeChange, latencyMs: 200 });
    const slowListing = plans.refresh();
    await plans.setRotation(id, !before);
    await slowListing;
    expect(proxyView(plans.snapshot(), id)?.is_rotating).toBe(!before);
    expect(fixture.service().store.proxyState(id)?.is_rotating).toBe(!before);
  });

  it('a listing shows what changed elsewhere for a proxy whose change was answered before it left', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const [changed, other] = twoChangeable();
    const before = fixture.service().store.proxyState(changed)?.is_rotating ?? false;
    await plans.setRotation(changed, !before);
    // Turned back elsewhere (the provider's dashboard, say): the next listing shows it.
    fixture.service().store.setRotation(changed, before);
    fixture.service().faults.add({ path: '/users/plans', latencyMs: 200 });
    const listing = plans.refresh();
    // Another proxy's change answered while the listing is on its way.
    await plans.setRotateInterval(other, 900);
    await listing;
    expect(proxyView(plans.snapshot(), changed)?.is_rotating).toBe(before);
    expect(proxyView(plans.snapshot(), other)?.rotate_interval).toBe(900);
  });

  it('after a lost answer, reads the plans again rather than trusting a listing that left before', async () => {
    const { plans } = setUp({ maxRetries: 0 });
    await plans.refresh();
    const [id] = twoChangeable();
    const before = fixture.service().store.proxyState(id)?.rotate_interval ?? 0;
    const listedBeforeChange = structuredClone(fixture.service().store.account('demo')?.plans);
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 200, body: listedBeforeChange, latencyMs: 200 });
    const slowListing = plans.refresh();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', afterApply: 'drop' });
    await expect(plans.setRotateInterval(id, before + 60)).resolves.toMatchObject({
      rotate_interval: before + 60,
      pending: { interval: false },
    });
    await slowListing;
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(3);
    expect(proxyView(plans.snapshot(), id)?.rotate_interval).toBe(before + 60);
  });

  it('says a proxy is gone when the plans no longer list it by the time its change is answered', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const [id] = twoChangeable();
    const listing = structuredClone(fixture.service().store.account('demo')?.plans ?? []);
    for (const plan of listing) plan.proxies = plan.proxies.filter((proxy) => proxy.id !== id);
    const updates: PlansUpdate[] = [];
    plans.onChange((update) => updates.push(update));
    fixture.service().faults.add({ path: '/proxies/update_label', latencyMs: 200 });
    const change = rejectionOf(plans.setLabel(id, 'Checkout'));
    // Removed from the plans (the provider's dashboard, say) while the label is on its way.
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: listing });
    await plans.refresh();
    expect(await change).toMatchObject({
      kind: 'not_found',
      message: 'This proxy is no longer in your plans.',
    });
    expect(proxyView(plans.snapshot(), id)).toBeUndefined();
    // The popup is told of the proxy while it is listed, and of no proxy once it is gone.
    const proxyUpdates = updates.flatMap((update) => (update.kind === 'proxy' ? [update] : []));
    expect(proxyUpdates.map((update) => update.proxy.id)).toEqual([id]);
  });

  it('passes a refusal on for a proxy no longer listed by the time it is answered', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const [id] = twoChangeable();
    const listing = structuredClone(fixture.service().store.account('demo')?.plans ?? []);
    for (const plan of listing) plan.proxies = plan.proxies.filter((proxy) => proxy.id !== id);
    fixture.service().faults.add({
      path: '/proxies/update_label',
      status: 403,
      body: { detail: 'Not allowed' },
      latencyMs: 200,
    });
    const change = rejectionOf(plans.setLabel(id, 'Checkout'));
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: listing });
    await plans.refresh();
    const error = await change;
    expect(error).toMatchObject({ kind: 'forbidden' });
    expect((error as Error).message).toContain('Not allowed');
    expect(labels.forAccount('account-demo').get(id)).toBeUndefined();
  });

  it('shows the latest value asked for, pending, until the last change to it is answered', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const [id] = twoChangeable();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', latencyMs: 100 });
    const first = plans.setRotateInterval(id, 600);
    const second = plans.setRotateInterval(id, 900);
    // The first is answered; the second is still on its way.
    await expect(first).resolves.toMatchObject({
      rotate_interval: 900,
      pending: { interval: true },
    });
    await expect(second).resolves.toMatchObject({
      rotate_interval: 900,
      pending: { interval: false },
    });
  });

  it('changes to different proxies go out side by side', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const [slow, quick] = twoChangeable();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', latencyMs: 300 });
    const slowChange = plans.setRotateInterval(slow, 900);
    await plans.setLabel(quick, 'Quick');
    // The label was answered while the other proxy's change is still on its way.
    expect(proxyView(plans.snapshot(), slow)?.pending.interval).toBe(true);
    await slowChange;
    expect(proxyView(plans.snapshot(), slow)).toMatchObject({
      rotate_interval: 900,
      pending: { interval: false },
    });
  });
});
