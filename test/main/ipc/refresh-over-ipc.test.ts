import { describe, expect, it } from 'vitest';
import type { PlansUpdate } from '../../../src/shared/views/plans-update';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { startSignedIn, useMainProcess, valueOf } from './main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

/** The `plans:changed` updates emitted since `from`. */
function plansUpdates(events: { event: string; payload: unknown }[], from: number): PlansUpdate[] {
  return events
    .slice(from)
    .filter(({ event }) => event === 'plans:changed')
    .map(({ payload }) => payload as PlansUpdate);
}

function revisionOf(update: PlansUpdate): number {
  return update.kind === 'snapshot' ? update.snapshot.revision : update.revision;
}

describe('commands answer with what the popup needs', () => {
  it('a refresh that finds nothing new answers how it ended, and the popup hears its status alone', async () => {
    const { call, events } = await startSignedIn(main, server());
    const from = events.length;

    const outcome = valueOf(await call('plans:refresh'));

    // The outcome, not the plans: they are what the popup already holds.
    expect(Object.keys(outcome).sort()).toEqual(['error', 'revision']);
    expect(outcome.error).toBeNull();
    const updates = plansUpdates(events, from);
    expect(updates.map((update) => update.kind)).toEqual(['status', 'status']);
    // Every update the refresh announced is at or below the revision it answers with.
    expect(updates.map(revisionOf).at(-1)).toBe(outcome.revision);
    expect(valueOf(await call('plans:list')).revision).toBe(outcome.revision);
    const bytes = JSON.stringify(outcome).length + JSON.stringify(updates).length;
    expect(bytes).toBeLessThan(1_024);
  });

  it('a refresh that finds one plan changed sends that plan alone, as an update', async () => {
    const { call, events, snapshot } = await startSignedIn(main, server());
    const plan = server().store.account('demo')?.plans[1];
    if (!plan) throw new Error('the demo account has two plans');
    plan.name = 'Renamed at the service';
    const from = events.length;

    const outcome = valueOf(await call('plans:refresh'));

    expect(outcome).toEqual({ revision: expect.any(Number), error: null });
    const changed = plansUpdates(events, from).filter((update) => update.kind === 'plans');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.plans.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: plan.id, name: 'Renamed at the service' },
    ]);
    expect(changed[0]?.order).toEqual(snapshot.plans?.map(({ id }) => id));
    expect(changed[0]?.revision).toBeLessThanOrEqual(outcome.revision);
  });

  it('a refresh that fails answers its error; the plans listed are the last good ones', async () => {
    const { call, snapshot } = await startSignedIn(main, server());
    server().faults.add({ path: '/users/plans', status: 403, body: { detail: 'Not today.' } });

    const outcome = valueOf(await call('plans:refresh'));

    expect(outcome.error?.kind).toBe('forbidden');
    const listed = valueOf(await call('plans:list'));
    expect(listed.error).toEqual(outcome.error);
    expect(listed.plans).toEqual(snapshot.plans);
  });

  it('a proxy change answers done alone; the popup hears each step as an update of that proxy', async () => {
    const { call, events, snapshot } = await startSignedIn(main, server());
    const proxy = (snapshot.plans ?? [])
      .filter((plan) => !plan.is_blocked)
      .flatMap((plan) => plan.proxies)[0];
    if (!proxy) throw new Error('no changeable proxy');
    const settled = (from: number) =>
      plansUpdates(events, from)
        .filter((update) => update.kind === 'proxy' && update.proxy.id === proxy.id)
        .map((update) => (update.kind === 'proxy' ? update.proxy : undefined))
        .at(-1);

    let from = events.length;
    const isRotating = !proxy.is_rotating;
    expect(valueOf(await call('proxy:set-rotation', { proxyId: proxy.id, isRotating }))).toBeNull();
    expect(settled(from)).toMatchObject({ is_rotating: isRotating, pending: { rotation: false } });

    from = events.length;
    expect(
      valueOf(await call('proxy:set-interval', { proxyId: proxy.id, seconds: 900 })),
    ).toBeNull();
    expect(settled(from)).toMatchObject({ rotate_interval: 900, pending: { interval: false } });

    from = events.length;
    expect(valueOf(await call('proxy:set-label', { proxyId: proxy.id, label: 'Shop' }))).toBeNull();
    expect(settled(from)).toMatchObject({ label: 'Shop', pending: { label: false } });
  });
});
