import { describe, expect, it } from 'vitest';
import { toIpcError } from '../../../src/main/errors/error-to-ipc';
import type { ProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { PlansService } from '../../../src/main/plans/plans-service';
import { confIn, useTempDir } from '../store/temp-store-dir';
import type { PlansSnapshot } from '../../../src/shared/views/plans-view';
import { rejectionOf, useReferenceService } from '../api/reference-service-fixture';

const fixture = useReferenceService();
const dir = useTempDir();

/** The session as the plans see it: one signed-in account of the reference service. */
class SignedInSession {
  rejected = 0;
  constructor(
    public accountId: string | undefined,
    public activeClient: ProxyServiceClient | undefined,
  ) {}
  activeAccountId = () => this.accountId;
  client = () => this.activeClient;
  reportRejected = () => {
    this.rejected += 1;
  };
}

function setUp(username = 'demo', options: { now?: () => number } = {}) {
  const session = new SignedInSession(`account-${username}`, fixture.client(username));
  // The real label store, on real files: the listing never returns labels, so it is their home.
  const labels = openLabelStore({ createStore: confIn(dir()) });
  const plans = new PlansService({ session, labels, ...options });
  // What the popup holds after each update: the updates themselves are tested in plans-updates.
  const snapshots: PlansSnapshot[] = [];
  plans.onChange(() => snapshots.push(plans.snapshot()));
  return { session, labels, plans, snapshots };
}

const proxyView = (snapshot: PlansSnapshot, id: number) =>
  snapshot.plans?.flatMap((plan) => plan.proxies).find((proxy) => proxy.id === id);

describe('PlansService refresh', () => {
  it('shows nothing before the first refresh, then the service’s plans without passwords', async () => {
    const { plans } = setUp();
    expect(plans.snapshot()).toMatchObject({
      accountId: 'account-demo',
      plans: null,
      updatedAt: null,
    });
    const snapshot = await plans.refresh();
    const stored = fixture.service().store.account('demo')?.plans ?? [];
    expect(snapshot.plans?.map((plan) => plan.id)).toEqual(stored.map((plan) => plan.id));
    expect(JSON.stringify(snapshot)).not.toContain('"password"');
    expect(snapshot.updatedAt).not.toBeNull();
    expect(snapshot.error).toBeNull();
  });

  it('shares one request between concurrent refreshes', async () => {
    const { plans } = setUp();
    fixture.service().faults.add({ path: '/users/plans', latencyMs: 100 });
    await Promise.all([plans.refresh(), plans.refresh(), plans.refresh()]);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(1);
  });

  it('keeps the last good plans when a refresh fails, and reports why', async () => {
    const { plans } = setUp();
    const good = await plans.refresh();
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 500, body: { detail: 'db down' } });
    const failed = await plans.refresh();
    expect(failed.plans).toEqual(good.plans);
    expect(failed.updatedAt).toBe(good.updatedAt);
    expect(failed.error).toMatchObject({ kind: 'server' });
    expect(failed.error?.message).toContain('db down');
    const recovered = await plans.refresh();
    expect(recovered.error).toBeNull();
  });

  it('tells the session when the token is rejected, once, without retrying', async () => {
    const { plans, session } = setUp();
    fixture.service().faults.add({
      path: '/users/plans',
      status: 401,
      body: { detail: 'Token has been revoked' },
    });
    const snapshot = await plans.refresh();
    expect(snapshot.error?.kind).toBe('auth');
    expect(session.rejected).toBe(1);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(1);
  });

  it('announces the refresh start and end to listeners', async () => {
    const { plans, snapshots } = setUp();
    await plans.refresh();
    expect(snapshots.map((snapshot) => snapshot.refreshing)).toEqual([true, false]);
  });

  it('refreshes on popup open only when the data is older than the threshold', async () => {
    let now = 1_000_000;
    const { plans } = setUp('demo', { now: () => now });
    await plans.refreshIfOlderThan(60_000);
    now += 30_000;
    await plans.refreshIfOlderThan(60_000);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(1);
    // Exactly as old as the threshold is not older than it.
    now += 30_000;
    expect(plans.age()).toBe(60_000);
    await plans.refreshIfOlderThan(60_000);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(1);
    now += 1;
    await plans.refreshIfOlderThan(60_000);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(2);
  });

  it('takes a listing that lost its last plan, and one with the plans in another order', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const stored = fixture.service().store.account('demo')?.plans ?? [];
    // Ended at the service: the next listing no longer has it.
    stored.pop();
    const shorter = await plans.refresh();
    expect(shorter.plans?.map((plan) => plan.id)).toEqual(stored.map((plan) => plan.id));
    stored.reverse();
    const reordered = await plans.refresh();
    expect(reordered.plans?.map((plan) => plan.id)).toEqual(stored.map((plan) => plan.id));
  });

  it('asks nothing of the service without a client (signed out), and shows no error', async () => {
    const { plans, session } = setUp();
    session.activeClient = undefined;
    const snapshot = await plans.refresh();
    expect(snapshot).toMatchObject({ plans: null, error: null, refreshing: false });
    session.accountId = undefined;
    expect(await plans.refresh()).toMatchObject({ accountId: null, plans: null, error: null });
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(0);
  });

  it('a first listing that arrives once another account is shown is not announced as its plans', async () => {
    const { plans, session } = setUp();
    const kinds: string[] = [];
    plans.onChange((update) => kinds.push(update.kind));
    fixture.service().faults.add({ path: '/users/plans', latencyMs: 100 });
    const refresh = plans.refresh();
    session.accountId = 'account-other';
    session.activeClient = fixture.client('other');
    await refresh;
    // Only its status: the popup, showing the other account, gets no snapshot of it.
    expect(kinds).toEqual(['status', 'status']);
    session.accountId = 'account-demo';
    expect(plans.snapshot().plans).toHaveLength(
      fixture.service().store.account('demo')?.plans.length ?? -1,
    );
  });

  it('keeps each account’s plans apart', async () => {
    const { plans, session } = setUp('demo');
    await plans.refresh();
    session.accountId = 'account-other';
    session.activeClient = fixture.client('other');
    expect(plans.snapshot().plans).toBeNull();
    const other = await plans.refresh();
    expect(other.plans).toHaveLength(fixture.service().store.account('other')?.plans.length ?? -1);
  });
});

describe('PlansService changes', () => {
  it('shows a change at once as pending, then the service’s answer', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.is_rotating;
    fixture.service().faults.add({ path: '/proxies/update_rotation', latencyMs: 100 });
    const change = plans.setRotation(id, !before);
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      is_rotating: !before,
      pending: { rotation: true },
    });
    const view = await change;
    expect(view).toMatchObject({ is_rotating: !before, pending: { rotation: false } });
    expect(fixture.service().store.proxyState(id)?.is_rotating).toBe(!before);
  });

  it('rolls a refused change back and passes the service’s reason on', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = proxyView(plans.snapshot(), id)?.rotate_interval;
    fixture.service().faults.add({
      path: '/proxies/update_rotate_interval',
      status: 422,
      body: { detail: 'Interval too short' },
    });
    const error = await rejectionOf(plans.setRotateInterval(id, 5));
    expect(error).toMatchObject({ kind: 'invalid_input' });
    expect((error as Error).message).toContain('Interval too short');
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      rotate_interval: before,
      pending: { interval: false },
    });
  });

  it('shows an interval and a label at once as pending, then the service’s answer', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.rotate_interval ?? 0;
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', latencyMs: 100 });
    const interval = plans.setRotateInterval(id, before + 60);
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      rotate_interval: before + 60,
      pending: { rotation: false, interval: true, label: false },
    });
    await expect(interval).resolves.toMatchObject({
      rotate_interval: before + 60,
      pending: { interval: false },
    });
    fixture.service().faults.add({ path: '/proxies/update_label', latencyMs: 100 });
    const label = plans.setLabel(id, 'Checkout bot');
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      label: 'Checkout bot',
      pending: { rotation: false, interval: false, label: true },
    });
    await expect(label).resolves.toMatchObject({
      label: 'Checkout bot',
      pending: { label: false },
    });
  });

  it('takes the service’s rotation value as the truth', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture
      .service()
      .faults.add({ path: '/proxies/update_rotation', status: 200, body: { is_rotating: false } });
    const view = await plans.setRotation(id, true);
    expect(view.is_rotating).toBe(false);
  });

  it('sends changes to one proxy one at a time, in order', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', latencyMs: 80 });
    await Promise.all([60, 120, 180].map((seconds) => plans.setRotateInterval(id, seconds)));
    const sent = fixture.service().requestLog.matching({ path: '/proxies/update_rotate_interval' });
    expect(
      sent.map((request) => (request.body as { rotate_interval: number }).rotate_interval),
    ).toEqual([60, 120, 180]);
    expect(fixture.service().store.proxyState(id)?.rotate_interval).toBe(180);
    expect(proxyView(plans.snapshot(), id)?.rotate_interval).toBe(180);
  });

  it('100 rapid toggles end with the popup’s view equal to the service’s state', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotation', status: 503, times: 3 });
    fixture.service().faults.add({
      path: '/proxies/update_rotation',
      status: 403,
      body: { detail: 'no' },
      times: 5,
    });
    const toggles = Array.from({ length: 100 }, (_, index) =>
      plans.setRotation(id, index % 2 === 0),
    );
    const refreshesMeanwhile = [plans.refresh(), plans.refresh()];
    const outcomes = await Promise.allSettled([...toggles, ...refreshesMeanwhile]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5);
    const service = fixture.service().store.proxyState(id)?.is_rotating;
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      is_rotating: service,
      pending: { rotation: false },
    });
    expect(service).toBe(false);
    const afterRefresh = await plans.refresh();
    expect(proxyView(afterRefresh, id)?.is_rotating).toBe(service);
  });

  it('a listing that left before a change was answered does not undo the change', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.rotate_interval ?? 0;
    // The listing is read now (its body is the state before the change) but answered late.
    const listedBeforeChange = structuredClone(fixture.service().store.account('demo')?.plans);
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 200, body: listedBeforeChange, latencyMs: 200 });
    const slowListing = plans.refresh();
    await plans.setRotateInterval(id, before + 60);
    await slowListing;
    expect(proxyView(plans.snapshot(), id)?.rotate_interval).toBe(before + 60);
  });

  it('labels go to the service first, then to the local store', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const view = await plans.setLabel(id, 'Checkout bot');
    expect(view.label).toBe('Checkout bot');
    expect(fixture.service().store.proxyState(id)?.label).toBe('Checkout bot');
    expect(labels.forAccount('account-demo').get(id)).toBe('Checkout bot');
    expect(proxyView(await plans.refresh(), id)?.label).toBe('Checkout bot');
  });

  it('a refused label leaves the stored label as it was', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    await plans.setLabel(id, 'kept');
    fixture.service().faults.add({ path: '/proxies/update_label', status: 500 });
    await rejectionOf(plans.setLabel(id, 'lost'));
    expect(labels.forAccount('account-demo').get(id)).toBe('kept');
    expect(proxyView(plans.snapshot(), id)?.label).toBe('kept');
  });

  it('a label refused for a plan that is not blocked is rolled back, with the service’s words', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture
      .service()
      .faults.add({ path: '/proxies/update_label', status: 403, body: { detail: 'Not allowed' } });
    const error = await rejectionOf(plans.setLabel(id, 'lost'));
    expect(error).toMatchObject({ kind: 'forbidden' });
    expect((error as Error).message).toContain('Not allowed');
    expect(toIpcError(error)).not.toHaveProperty('keptLocally');
    expect(labels.forAccount('account-demo').get(id)).toBeUndefined();
    expect(proxyView(plans.snapshot(), id)?.label).not.toBe('lost');
  });

  it('keeps a label the service refuses for a blocked plan, and says so', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.blockedProxyId();
    const error = await rejectionOf(plans.setLabel(id, 'Old office'));
    expect(error).toMatchObject({
      kind: 'forbidden',
      message: 'Label kept on this computer: the service refused it because its plan is blocked.',
    });
    expect(toIpcError(error)).toMatchObject({ kind: 'forbidden', keptLocally: true });
    expect(fixture.service().store.proxyState(id)?.label).toBeUndefined();
    expect(labels.forAccount('account-demo').get(id)).toBe('Old office');
    expect(proxyView(plans.snapshot(), id)).toMatchObject({
      label: 'Old office',
      pending: { label: false },
    });
  });

  it('keeps a label of a blocked plan the service refuses as invalid, and says so', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.blockedProxyId();
    fixture.service().faults.add({
      path: '/proxies/update_label',
      status: 422,
      body: { detail: 'Plan is blocked' },
    });
    const error = await rejectionOf(plans.setLabel(id, 'Old office'));
    expect(error).toMatchObject({
      kind: 'forbidden',
      message: 'Label kept on this computer: the service refused it because its plan is blocked.',
    });
    expect(labels.forAccount('account-demo').get(id)).toBe('Old office');
  });

  it('does not keep a label of a blocked plan that failed for another reason than a refusal', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.blockedProxyId();
    fixture
      .service()
      .faults.add({ path: '/proxies/update_label', status: 500, body: { detail: 'db down' } });
    const error = await rejectionOf(plans.setLabel(id, 'Old office'));
    expect(error).toMatchObject({ kind: 'server' });
    expect((error as Error).message).toContain('db down');
    expect(toIpcError(error)).not.toHaveProperty('keptLocally');
    expect(labels.forAccount('account-demo').get(id)).toBeUndefined();
    expect(proxyView(plans.snapshot(), id)?.label).not.toBe('Old office');
  });

  it('rolls a refused rotation of a blocked plan back: only labels are kept locally', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.blockedProxyId();
    const before = proxyView(plans.snapshot(), id)?.is_rotating;
    const error = await rejectionOf(plans.setRotation(id, !before));
    expect(error).toMatchObject({ kind: 'forbidden' });
    expect((error as Error).message).toContain('Plan is blocked');
    expect(toIpcError(error)).not.toHaveProperty('keptLocally');
    expect(proxyView(plans.snapshot(), id)?.is_rotating).toBe(before);
  });

  it('refuses a change to a proxy it does not know, without calling the service', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const error = await rejectionOf(plans.setRotation(999_999, true));
    expect(error).toMatchObject({
      kind: 'not_found',
      message: 'This proxy is not in your plans any more: refresh and try again.',
    });
    // The popup never shows ids, so no message names one.
    expect(String((error as Error).message)).not.toContain('999999');
    expect(fixture.service().requestLog.count({ path: '/proxies/update_rotation' })).toBe(0);
  });

  it('asks to sign in for a change while no account is active, without calling the service', async () => {
    const { plans, session } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    session.accountId = undefined;
    const error = await rejectionOf(plans.setLabel(id, 'x'));
    expect(error).toMatchObject({ kind: 'signed_out', message: 'Sign in to change proxies.' });
    expect(fixture.service().requestLog.count({ path: '/proxies/update_label' })).toBe(0);
  });

  it('a change rejected with 401 tells the session', async () => {
    const { plans, session } = setUp();
    await plans.refresh();
    fixture.service().faults.add({ path: '/proxies/update_label', status: 401 });
    await rejectionOf(plans.setLabel(fixture.changeableProxyId(), 'x'));
    expect(session.rejected).toBe(1);
  });
});
