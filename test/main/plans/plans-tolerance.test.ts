import { describe, expect, it } from 'vitest';
import { toIpcError } from '../../../src/main/errors/error-to-ipc';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { PlansService } from '../../../src/main/plans/plans-service';
import type { PlansSnapshot } from '../../../src/shared/views/plans-view';
import { rejectionOf, useReferenceService } from '../api/reference-service-fixture';
import { confIn, useTempDir } from '../store/temp-store-dir';
import { isolateBidi } from '../../../src/shared/text/bidi-controls';

/*
 * The plans of a service that answers loosely or loses answers: nothing the service applied is
 * reported as failed or rolled back, and what could not be read is said, once per refresh.
 */

const fixture = useReferenceService({ dialect: 'spec' });
const dir = useTempDir();

function setUp() {
  const session = {
    activeAccountId: () => 'account-demo',
    client: () => fixture.client('demo', { timeoutMs: 1_000, maxRetries: 0 }),
    reportRejected: () => {},
  };
  const labels = openLabelStore({ createStore: confIn(dir()) });
  const plans = new PlansService({ session, labels });
  // What the popup holds after each update: the updates themselves are tested in plans-updates.
  const snapshots: PlansSnapshot[] = [];
  plans.onChange(() => snapshots.push(plans.snapshot()));
  return { labels, plans, snapshots };
}

const viewOf = (snapshot: PlansSnapshot, id: number) =>
  snapshot.plans?.flatMap((plan) => plan.proxies).find((proxy) => proxy.id === id);

function storedPlans() {
  return structuredClone(fixture.service().store.account('demo')?.plans ?? []);
}

describe('a listing read in part', () => {
  it('keeps every readable proxy and says, once, what it hid and where', async () => {
    const { plans } = setUp();
    const listing = storedPlans();
    const [first, second] = listing[1]?.proxies ?? [];
    if (!first || !second) throw new Error('seed too small');
    Object.assign(first, { port: null });
    Object.assign(second, { password: undefined });
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: listing });
    const snapshot = await plans.refresh();
    const shown = snapshot.plans?.flatMap((plan) => plan.proxies) ?? [];
    expect(shown).toHaveLength(listing.flatMap((plan) => plan.proxies).length - 2);
    expect(viewOf(snapshot, first.id)).toBeUndefined();
    expect(snapshot.notice?.message).toBe(
      `2 proxies of ${isolateBidi(listing[1]?.name ?? '')} could not be read and are hidden.`,
    );
    expect(snapshot.notice?.details).toBe(
      '[1].proxies[0].port: Expected a port from 1 to 65535; [1].proxies[1].password: Expected a password',
    );
    // The next refresh reads a whole listing again: the notice goes.
    expect((await plans.refresh()).notice).toBeNull();
  });

  it('shows a label the service sends when there is no local one, and the local one first', async () => {
    const { plans, labels } = setUp();
    const listing = storedPlans();
    const [sent, both] = listing[0]?.proxies ?? [];
    if (!sent || !both) throw new Error('seed too small');
    Object.assign(sent, { label: 'from the service' });
    Object.assign(both, { label: 'also from the service' });
    labels.set('account-demo', both.id, 'mine');
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: listing });
    const snapshot = await plans.refresh();
    expect(viewOf(snapshot, sent.id)?.label).toBe('from the service');
    expect(viewOf(snapshot, both.id)?.label).toBe('mine');
    expect(plans.entries([sent.id])[0]?.label).toBe('from the service');
  });
});

describe('a change whose answer was lost', () => {
  it.each([
    ['the connection reset after the service applied it', { afterApply: 'drop' as const }],
    ['the answer cut off mid-body', { cutBody: true as const }],
    ['no answer before the deadline', { afterApply: 'hang' as const }],
  ])('%s: re-reads the listing and reports it applied', async (_case, fault) => {
    const { plans, snapshots } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.is_rotating;
    fixture.service().faults.add({ path: '/proxies/update_rotation', ...fault });
    const firstAfterClick = snapshots.length;
    const view = await plans.setRotation(id, !before);
    expect(view.is_rotating).toBe(!before);
    expect(fixture.service().store.proxyState(id)?.is_rotating).toBe(!before);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(2);
    // Never shown rolled back: every snapshot after the click has the value asked for.
    const shown = snapshots
      .slice(firstAfterClick)
      .map((snapshot) => viewOf(snapshot, id)?.is_rotating);
    expect(shown.every((value) => value === !before)).toBe(true);
  });

  it('shows what the service has when the listing says the change did not happen', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.rotate_interval ?? 0;
    // The connection breaks and the service never applied the change (a 504 from a gateway).
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', status: 504 });
    const error = await rejectionOf(plans.setRotateInterval(id, before + 60));
    expect(error).toMatchObject({
      kind: 'unconfirmed',
      message: 'Could not confirm the change; showing what the service has now.',
    });
    expect(viewOf(plans.snapshot(), id)?.rotate_interval).toBe(before);
  });

  it('shows a rotation the re-read finds not made as the service has it, and says so', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.is_rotating;
    fixture.service().faults.add({ path: '/proxies/update_rotation', status: 504 });
    const error = await rejectionOf(plans.setRotation(id, !before));
    expect(error).toMatchObject({
      kind: 'unconfirmed',
      message: 'Could not confirm the change; showing what the service has now.',
    });
    expect(viewOf(plans.snapshot(), id)).toMatchObject({
      is_rotating: before,
      pending: { rotation: false },
    });
  });

  it('an interval the re-read finds applied is reported applied', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = fixture.service().store.proxyState(id)?.rotate_interval ?? 0;
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', afterApply: 'drop' });
    await expect(plans.setRotateInterval(id, before + 60)).resolves.toMatchObject({
      rotate_interval: before + 60,
      pending: { interval: false },
    });
    expect(fixture.service().store.proxyState(id)?.rotate_interval).toBe(before + 60);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(2);
  });

  it('says so when the listing cannot be re-read either, keeping the last good plans', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotation', afterApply: 'drop' });
    fixture
      .service()
      .faults.add({ path: '/users/plans', status: 500, body: { detail: 'db down' } });
    const error = await rejectionOf(plans.setRotation(id, false));
    expect(error).toMatchObject({ kind: 'unconfirmed' });
    expect((error as Error).message).toMatch(
      /^Could not confirm the change, and your plans could not be reloaded to see what the service has\. Loading your plans failed/,
    );
    expect(plans.snapshot().plans).not.toBeNull();
  });

  it('keeps a label locally whatever became of its answer', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_label', afterApply: 'drop' });
    const error = await rejectionOf(plans.setLabel(id, 'Checkout EU'));
    expect(error).toMatchObject({
      kind: 'unconfirmed',
      message: 'Label kept on this computer: the service did not confirm it.',
    });
    expect(toIpcError(error)).toMatchObject({ kind: 'unconfirmed', keptLocally: true });
    expect(labels.forAccount('account-demo').get(id)).toBe('Checkout EU');
    expect(viewOf(plans.snapshot(), id)?.label).toBe('Checkout EU');
    expect(fixture.service().store.proxyState(id)?.label).toBe('Checkout EU');
  });

  it('a label the re-read lists (a service that lists labels) is reported applied', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_label', afterApply: 'drop' });
    const listing = storedPlans();
    const listed = listing.flatMap((plan) => plan.proxies).find((proxy) => proxy.id === id);
    Object.assign(listed ?? {}, { label: 'Checkout EU' });
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: listing });
    await expect(plans.setLabel(id, 'Checkout EU')).resolves.toMatchObject({
      label: 'Checkout EU',
      pending: { label: false },
    });
    expect(labels.forAccount('account-demo').get(id)).toBe('Checkout EU');
  });

  it('a label answered in any shape is applied and kept', async () => {
    const { plans, labels } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_label', status: 204 });
    await expect(plans.setLabel(id, 'Shop')).resolves.toMatchObject({ label: 'Shop' });
    expect(labels.forAccount('account-demo').get(id)).toBe('Shop');
  });

  it('a refused change is still rolled back at once, without re-reading', async () => {
    const { plans } = setUp();
    await plans.refresh();
    const id = fixture.changeableProxyId();
    const before = viewOf(plans.snapshot(), id)?.is_rotating;
    fixture
      .service()
      .faults.add({ path: '/proxies/update_rotation', status: 200, body: { success: false } });
    await expect(plans.setRotation(id, !before)).rejects.toMatchObject({ kind: 'server' });
    expect(viewOf(plans.snapshot(), id)?.is_rotating).toBe(before);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(1);
  });
});
