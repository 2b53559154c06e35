import { describe, expect, it, vi } from 'vitest';
import type { IpcEvent } from '../../../src/shared/ipc/channel-names';
import { ipcEventContract } from '../../../src/shared/ipc/contract';
import type { PlansUpdate } from '../../../src/shared/views/plans-update';
import { planViewSchema, type PlansSnapshot } from '../../../src/shared/views/plans-view';
import { applyPlansUpdate, type PlansPatch } from '../../../src/renderer/src/lib/plans-patches';
import { Replica } from '../../../src/renderer/src/lib/replica';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { changeableProxyOf } from '../../tools/reference-service/test-helpers';
import { useMainProcess, valueOf } from '../ipc/main-services-fixture';

const service = useApiServer();
const main = useMainProcess();

/**
 * The main process signed in, each event sent as the app sends it (the contract's parse, then a
 * serialisation standing in for Electron's structured clone): the popup's side of the wire.
 */
async function signedIn({ onUpdate }: { onUpdate?: (update: PlansUpdate) => void } = {}) {
  const sent: { event: IpcEvent; text: string }[] = [];
  const app = main.start({
    emit: (event, payload) => {
      const text = JSON.stringify(ipcEventContract[event].parse(payload));
      sent.push({ event, text });
      if (event === 'plans:changed') onUpdate?.(JSON.parse(text) as PlansUpdate);
    },
  });
  valueOf(
    await app.call('session:sign-in', {
      serviceUrl: service().baseUrl,
      token: service().tokenFor('demo'),
    }),
  );
  valueOf(await app.call('plans:refresh'));
  const updates = () =>
    sent
      .filter(({ event }) => event === 'plans:changed')
      .map(({ text }) => JSON.parse(text) as PlansUpdate);
  return {
    ...app,
    sent,
    updates,
    /** Forgets what was sent so far. */
    reset: () => sent.splice(0),
  };
}

const kinds = (updates: readonly PlansUpdate[]) => updates.map((update) => update.kind);
/** A changeable proxy, copied: the store's own object changes with the service. */
const changeable = () => structuredClone(changeableProxyOf(service(), 'demo'));
const proxyUpdates = (updates: readonly PlansUpdate[]) =>
  updates.flatMap((update) => (update.kind === 'proxy' ? [update] : []));

describe('plans:changed carries what changed, no more', () => {
  it('the first listing goes out whole, once, as a snapshot', async () => {
    const app = await signedIn();
    const snapshots = app.updates().filter((update) => update.kind === 'snapshot');
    const withPlans = snapshots.filter((update) => update.snapshot.plans !== null);
    expect(withPlans).toHaveLength(1);
    expect(withPlans[0]?.snapshot.plans?.length).toBe(
      service().store.account('demo')?.plans.length,
    );
  });

  it('a rotation toggle sends two small patches naming the proxy: pending, then settled', async () => {
    const app = await signedIn();
    const proxy = changeable();
    app.reset();
    valueOf(
      await app.call('proxy:set-rotation', { proxyId: proxy.id, isRotating: !proxy.is_rotating }),
    );
    const updates = app.updates();
    expect(kinds(updates)).toEqual(['proxy', 'proxy']);
    const [pending, settled] = proxyUpdates(updates);
    expect(pending?.proxy).toMatchObject({
      id: proxy.id,
      is_rotating: !proxy.is_rotating,
      pending: { rotation: true },
    });
    expect(settled?.proxy).toMatchObject({
      id: proxy.id,
      is_rotating: service().store.proxyState(proxy.id)?.is_rotating,
      pending: { rotation: false },
    });
    expect(settled?.planId).toBe(service().store.proxyState(proxy.id)?.planId);
    for (const { text } of app.sent) expect(Buffer.byteLength(text)).toBeLessThan(1024);
  });

  it('a refused change rolls back in a patch with the service’s value', async () => {
    const app = await signedIn();
    const proxy = changeable();
    service().faults.add({ path: '/proxies/update_rotation', status: 403, body: 'no' });
    app.reset();
    const result = await app.call('proxy:set-rotation', {
      proxyId: proxy.id,
      isRotating: !proxy.is_rotating,
    });
    expect(result.ok).toBe(false);
    const [pending, rolledBack] = proxyUpdates(app.updates());
    expect(pending?.proxy.is_rotating).toBe(!proxy.is_rotating);
    expect(rolledBack?.proxy).toMatchObject({
      is_rotating: proxy.is_rotating,
      pending: { rotation: false },
    });
  });

  it('a label goes out as a patch of its proxy', async () => {
    const app = await signedIn();
    const proxy = changeable();
    app.reset();
    valueOf(await app.call('proxy:set-label', { proxyId: proxy.id, label: 'Checkout bot' }));
    expect(kinds(app.updates())).toEqual(['proxy', 'proxy']);
    expect(proxyUpdates(app.updates()).at(-1)?.proxy).toMatchObject({
      id: proxy.id,
      label: 'Checkout bot',
      pending: { label: false },
    });
  });

  it('a refresh of an unchanged listing sends only its status', async () => {
    const app = await signedIn();
    app.reset();
    valueOf(await app.call('plans:refresh'));
    const updates = app.updates();
    expect(kinds(updates)).toEqual(['status', 'status']);
    expect(updates.map((update) => update.kind === 'status' && update.refreshing)).toEqual([
      true,
      false,
    ]);
    for (const { text } of app.sent) expect(Buffer.byteLength(text)).toBeLessThan(512);
  });

  it('a refresh that finds one plan changed sends that plan alone, and the order of all', async () => {
    const app = await signedIn();
    const proxy = changeable();
    const planId = service().store.proxyState(proxy.id)?.planId;
    // Changed elsewhere (the provider's dashboard, say): the next listing shows it.
    service().store.setRotation(proxy.id, !proxy.is_rotating);
    app.reset();
    valueOf(await app.call('plans:refresh'));
    const update = app.updates().find((candidate) => candidate.kind === 'plans');
    if (update?.kind !== 'plans') throw new Error('No plans update');
    expect(update.plans.map((plan) => plan.id)).toEqual([planId]);
    expect(update.order).toEqual(
      service()
        .store.account('demo')
        ?.plans.map((plan) => plan.id),
    );
    const changed = update.plans[0]?.proxies.find((candidate) => candidate.id === proxy.id);
    expect(changed?.is_rotating).toBe(!proxy.is_rotating);
  });

  it('revisions count every update, and a snapshot names the last it holds', async () => {
    const app = await signedIn();
    const proxy = changeable();
    valueOf(await app.call('proxy:set-rotation', { proxyId: proxy.id, isRotating: true }));
    valueOf(await app.call('plans:refresh'));
    const revisions = app
      .updates()
      .map((update) => (update.kind === 'snapshot' ? update.snapshot.revision : update.revision));
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(valueOf(await app.call('plans:list')).revision).toBe(revisions.at(-1));
  });
});

describe('plan views are checked once per listing, and secrets never pass', () => {
  it('keeps another account’s plans for a switch back, and drops a signed-out account’s', async () => {
    const app = await signedIn();
    const demoId = valueOf(await app.call('session:status')).account?.id;
    if (!demoId) throw new Error('No active account');
    const signIn = (username: string) =>
      app.call('session:sign-in', {
        serviceUrl: service().baseUrl,
        token: service().tokenFor(username),
      });
    valueOf(await signIn('other'));
    valueOf(await app.call('plans:refresh'));
    const snapshotsOf = (accountId: string) =>
      app
        .updates()
        .flatMap((update) =>
          update.kind === 'snapshot' && update.snapshot.accountId === accountId
            ? [update.snapshot]
            : [],
        );

    // A switch back finds the plans in memory: its snapshot holds them at once.
    app.reset();
    valueOf(await app.call('session:switch-account', { accountId: demoId }));
    expect(snapshotsOf(demoId)[0]?.plans).not.toBeNull();

    // Signed out and in again: nothing of the first session's listing was kept.
    valueOf(await app.call('session:sign-out', { accountId: demoId }));
    app.reset();
    valueOf(await signIn('demo'));
    expect(snapshotsOf(demoId)[0]?.plans).toBeNull();
  });

  it('parses each plan once when listed, then only what a change touches', async () => {
    const parse = vi.spyOn(planViewSchema, 'parse');
    try {
      const app = await signedIn();
      const plans = service().store.account('demo')?.plans.length ?? 0;
      expect(parse).toHaveBeenCalledTimes(plans);
      parse.mockClear();
      const proxy = changeable();
      valueOf(await app.call('proxy:set-rotation', { proxyId: proxy.id, isRotating: true }));
      valueOf(await app.call('plans:list'));
      valueOf(await app.call('plans:refresh'));
      expect(parse).not.toHaveBeenCalled();
      service().store.setRotation(proxy.id, false);
      valueOf(await app.call('plans:refresh'));
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('a password or token added to a proxy by mistake reaches no event and no answer', async () => {
    const app = await signedIn();
    const target = changeable();
    // As if the decoder kept a field it should not: the cached proxy carries a secret.
    Object.assign(app.services.plans.proxy(target.id), { token: 'TOKEN-S3CRET' });
    const answers: string[] = [];
    const keep = <Value>(value: Value) => (answers.push(JSON.stringify(value)), value);
    keep(valueOf(await app.call('proxy:set-rotation', { proxyId: target.id, isRotating: true })));
    keep(valueOf(await app.call('proxy:set-label', { proxyId: target.id, label: 'x' })));
    service().store.setRotation(target.id, false);
    keep(valueOf(await app.call('plans:refresh')));
    keep(valueOf(await app.call('plans:list')));
    // Another account and back: the listing goes out whole again.
    app.services.plans.accountChanged();
    const everything = [...answers, ...app.sent.map(({ text }) => text)].join('\n');
    expect(everything).toContain(`"id":${target.id}`);
    expect(everything).not.toContain('TOKEN-S3CRET');
    expect(everything).not.toContain(target.password);
    expect(everything).not.toContain('"password"');
  });
});

/**
 * The popup's copy of the plans, kept as the popup keeps it (src/renderer/src/state/plans.svelte.ts):
 * a Replica of snapshots with the patches laid over them, fed each event as it is sent.
 */
function popupCopy() {
  const replica = new Replica<PlansSnapshot, PlansPatch>(applyPlansUpdate);
  return {
    replica,
    receive(update: PlansUpdate) {
      if (update.kind === 'snapshot') replica.base(update.snapshot);
      else replica.delta(update);
    },
    proxy(proxyId: number) {
      return replica.value?.plans
        ?.flatMap((plan) => plan.proxies)
        .find((proxy) => proxy.id === proxyId);
    },
  };
}

describe('the popup’s copy, built from patches, follows the service', () => {
  it('100 rapid toggles with faults end with the popup’s copy equal to the service', async () => {
    const popup = popupCopy();
    const app = await signedIn({ onUpdate: (update) => popup.receive(update) });
    const { id } = changeable();
    service().faults.add({ path: '/proxies/update_rotation', status: 503, times: 3 });
    service().faults.add({
      path: '/proxies/update_rotation',
      status: 403,
      body: { detail: 'no' },
      times: 5,
    });
    const toggles = Array.from({ length: 100 }, (_, index) =>
      app.call('proxy:set-rotation', { proxyId: id, isRotating: index % 2 === 0 }),
    );
    const refreshesMeanwhile = [app.call('plans:refresh'), app.call('plans:refresh')];
    const results = await Promise.all([...toggles, ...refreshesMeanwhile]);
    expect(results.filter((result) => !result.ok)).toHaveLength(5);
    // No whole listing went out for the toggles: only the first load's.
    const snapshots = app.updates().filter((update) => update.kind === 'snapshot');
    expect(snapshots.filter((update) => update.snapshot.plans !== null)).toHaveLength(1);

    const held = service().store.proxyState(id);
    expect(popup.proxy(id)).toMatchObject({
      is_rotating: held?.is_rotating,
      rotate_interval: held?.rotate_interval,
      pending: { rotation: false, interval: false, label: false },
    });
    // Every other proxy too: the copy is the main process's view, not only the toggled row.
    expect(popup.replica.value?.plans).toEqual(valueOf(await app.call('plans:list')).plans);
  });

  it('takes a patch that arrives before the snapshot it patches', async () => {
    const popup = popupCopy();
    let deliver = false;
    const app = await signedIn({ onUpdate: (update) => deliver && popup.receive(update) });
    const { id, is_rotating: before } = changeable();
    service().faults.add({ path: '/proxies/update_rotation', latencyMs: 200 });
    deliver = true;
    let toggle: Promise<unknown> = Promise.resolve();
    // The popup opens and asks for the plans; the answer is taken at one revision, but a toggle's
    // pending patch (one revision later) reaches the popup before the answer does.
    await popup.replica.ask(
      async () => {
        const answer = valueOf(await app.call('plans:list'));
        app.reset();
        toggle = app.call('proxy:set-rotation', { proxyId: id, isRotating: !before });
        await vi.waitFor(() => expect(kinds(app.updates())).toEqual(['proxy']));
        // Kept for the base on its way: nothing to lay it over yet.
        expect(popup.replica.value).toBeNull();
        return answer;
      },
      (answer) => answer,
    );
    expect(popup.proxy(id)).toMatchObject({ is_rotating: !before, pending: { rotation: true } });
    await toggle;
    expect(popup.proxy(id)).toMatchObject({ is_rotating: !before, pending: { rotation: false } });
    expect(service().store.proxyState(id)?.is_rotating).toBe(!before);
  });
});
