import { describe, expect, it } from 'vitest';
import type { PlansSnapshot } from '../../../src/shared/views/plans-view';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { refreshedPlans, startSignedIn, useMainProcess, valueOf } from './main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

/** Every listed proxy's id, in listing order. */
function listedIds(snapshot: PlansSnapshot): number[] {
  return (snapshot.plans ?? []).flatMap((plan) => plan.proxies.map((proxy) => proxy.id));
}

function favoriteEvents(events: { event: string; payload: unknown }[]) {
  return events.filter(({ event }) => event === 'favorites:changed').map(({ payload }) => payload);
}

describe('pinned and recent proxies over IPC', () => {
  it('pins and unpins a listed proxy, tells the popup, and keeps it across a restart', async () => {
    const { call, events, snapshot, services } = await startSignedIn(main, server());
    const accountId = snapshot.accountId;
    const [first, second] = listedIds(snapshot);
    if (first === undefined || second === undefined) throw new Error('too few proxies');
    expect(valueOf(await call('favorites:list'))).toEqual({ accountId, pinned: [], recent: [] });

    expect(valueOf(await call('proxy:set-pinned', { proxyId: second, pinned: true }))).toEqual({
      accountId,
      pinned: [second],
      recent: [],
    });
    valueOf(await call('proxy:set-pinned', { proxyId: first, pinned: true }));
    expect(favoriteEvents(events).at(-1)).toEqual({
      accountId,
      pinned: [second, first],
      recent: [],
    });
    valueOf(await call('proxy:set-pinned', { proxyId: second, pinned: false }));
    await services.shutdown();

    const restarted = main.start();
    await restarted.services.start();
    expect(valueOf(await restarted.call('favorites:list'))).toEqual({
      accountId,
      pinned: [first],
      recent: [],
    });
  });

  it('records each successful copy: the last 5, most recent first, each once', async () => {
    const { call, events, snapshot } = await startSignedIn(main, server());
    const ids = listedIds(snapshot).slice(0, 7);
    if (ids.length < 7) throw new Error('too few proxies');
    for (const proxyId of ids) valueOf(await call('credentials:copy', { proxyId }));
    // A field counts as a copy of the proxy too.
    valueOf(await call('credentials:copy', { proxyId: ids[3] as number, field: 'username' }));
    const expected = [ids[3], ids[6], ids[5], ids[4], ids[2]];
    expect(valueOf(await call('favorites:list')).recent).toEqual(expected);
    expect(favoriteEvents(events).at(-1)).toMatchObject({ recent: expected });

    // A refused copy (a proxy not listed) is not recorded, and is the error it was.
    const refused = await call('credentials:copy', { proxyId: 987_654_321 });
    expect(refused.ok).toBe(false);
    expect(valueOf(await call('favorites:list')).recent).toEqual(expected);
  });

  it('refuses to pin a proxy not listed; keeps each account’s favorites apart', async () => {
    const { call, snapshot: demo } = await startSignedIn(main, server());
    const demoProxy = listedIds(demo)[0] ?? -1;
    valueOf(await call('proxy:set-pinned', { proxyId: demoProxy, pinned: true }));
    valueOf(await call('credentials:copy', { proxyId: demoProxy }));

    const missing = await call('proxy:set-pinned', { proxyId: 987_654_321, pinned: true });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(
      await call('proxy:set-pinned', { proxyId: demoProxy, pinned: true, extra: 1 } as never),
    ).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });

    const other = valueOf(
      await call('session:sign-in', {
        serviceUrl: server().baseUrl,
        token: server().tokenFor('other'),
      }),
    );
    const otherId = other.account?.id ?? '';
    expect(valueOf(await call('favorites:list'))).toEqual({
      accountId: otherId,
      pinned: [],
      recent: [],
    });
    const demoId = other.accounts.find((account) => account.username === 'demo')?.id ?? '';
    valueOf(await call('session:switch-account', { accountId: demoId }));
    expect(valueOf(await call('favorites:list'))).toEqual({
      accountId: demoId,
      pinned: [demoProxy],
      recent: [demoProxy],
    });
  });

  it('a pinned proxy gone from the listing is no error: it is kept, and the list still answers', async () => {
    const { call, snapshot } = await startSignedIn(main, server());
    const proxyId = listedIds(snapshot)[0] ?? -1;
    valueOf(await call('proxy:set-pinned', { proxyId, pinned: true }));
    // The service stops listing it (a plan that ends, a proxy replaced).
    const plan = server().store.locateProxy(proxyId)?.plan;
    plan?.proxies.splice(
      plan.proxies.findIndex((proxy) => proxy.id === proxyId),
      1,
    );
    const reloaded = await refreshedPlans(call);
    expect(listedIds(reloaded)).not.toContain(proxyId);
    expect(valueOf(await call('favorites:list')).pinned).toEqual([proxyId]);
  });
});
