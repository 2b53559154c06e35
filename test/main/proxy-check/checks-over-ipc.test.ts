import { describe, expect, it } from 'vitest';
import {
  proxyChecksDeltaSchema,
  type ProxyCheckEntry,
  type ProxyChecksView,
} from '../../../src/shared/views/check-view';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { startSignedIn, useMainProcess, valueOf } from '../ipc/main-services-fixture';
import { PROXY_CREDENTIALS, pointAtLocal, useCheckServers } from './check-servers-fixture';
import { deadPort } from '../../../tools/local-network/proxy-servers';

const service = useApiServer();
const main = useMainProcess();
const servers = useCheckServers();

type Events = readonly { event: string; payload: unknown }[];

/**
 * What a popup that saw every 'checks:changed' delta holds, entries in id order: the service
 * started with none, and each delta sets or removes some.
 */
function popupView(events: Events): ProxyChecksView {
  const entries = new Map<number, ProxyCheckEntry>();
  let view: ProxyChecksView = { revision: 0, entries: [], run: null, lastRun: null };
  for (const { event, payload } of events) {
    if (event !== 'checks:changed') continue;
    const delta = proxyChecksDeltaSchema.parse(payload);
    expect(delta.revision).toBe(view.revision + 1);
    for (const entry of delta.entries) entries.set(entry.proxyId, entry);
    for (const proxyId of delta.removed) entries.delete(proxyId);
    view = { revision: delta.revision, entries: [], run: delta.run, lastRun: delta.lastRun };
  }
  return { ...view, entries: inIdOrder([...entries.values()]) };
}

function inIdOrder(entries: readonly ProxyCheckEntry[]): ProxyCheckEntry[] {
  return entries.toSorted((a, b) => a.proxyId - b.proxyId);
}

/** What the popup holds once its deltas say the run is over with every proxy checked. */
async function runEnd(events: Events, proxyIds: readonly number[]): Promise<ProxyChecksView> {
  await expect
    .poll(() => {
      const view = popupView(events);
      const checked = proxyIds.every((id) =>
        view.entries.some((entry) => entry.proxyId === id && entry.state === 'idle' && entry.last),
      );
      return checked && view.run === null;
    })
    .toBe(true);
  return popupView(events);
}

describe('proxy checks over IPC', () => {
  it('checks a plan through each proxy with the settings’ echo URL; the popup never sees a password', async () => {
    const plan = service()
      .store.account('demo')
      ?.plans.find((candidate) => candidate.proxies.length >= 3);
    if (!plan) throw new Error('The demo account needs a plan with three proxies');
    const [working, refused, dead] = plan.proxies;
    if (!working || !refused || !dead) throw new Error('unreachable');
    const { httpProxy, echo } = servers();
    pointAtLocal(working, httpProxy);
    pointAtLocal(refused, httpProxy, { password: 'wrong-S3cr3t' });
    Object.assign(dead, { ip: '127.0.0.1', port: await deadPort() });

    const app = await startSignedIn(main, service());
    valueOf(await app.call('settings:update', { checkEchoUrl: echo.url('/') }));
    const ids = [working.id, refused.id, dead.id];
    const started = valueOf(await app.call('checks:start', { proxyIds: ids }));
    expect(started.run).toMatchObject({ total: 3 });

    const view = await runEnd(app.events, ids);
    const byId = new Map(view.entries.map((entry) => [entry.proxyId, entry]));
    expect(byId.get(working.id)).toMatchObject({
      state: 'idle',
      last: { ok: true, protocol: 'http', exitIp: '127.0.0.1', exitIpMatches: 'ipv4' },
    });
    expect(byId.get(refused.id)?.last).toMatchObject({ ok: false, reason: 'auth_refused' });
    expect(byId.get(dead.id)?.last).toMatchObject({ ok: false, reason: 'connection_refused' });
    // The deltas brought the popup everything the full view holds.
    const listed = valueOf(await app.call('checks:list'));
    expect({ ...listed, entries: inIdOrder(listed.entries) }).toEqual(view);

    const sent = JSON.stringify(app.events);
    for (const secret of [PROXY_CREDENTIALS.password, 'wrong-S3cr3t', dead.password]) {
      expect(sent).not.toContain(secret);
    }
  });

  it('cancels a run, keeping each proxy’s previous result; signing out forgets them all', async () => {
    const plan = service()
      .store.account('demo')
      ?.plans.find((candidate) => candidate.proxies.length >= 2);
    if (!plan) throw new Error('The demo account needs a plan with two proxies');
    const { httpProxy, echo } = servers();
    for (const proxy of plan.proxies) pointAtLocal(proxy, httpProxy);
    const app = await startSignedIn(main, service());
    const first = plan.proxies[0];
    if (!first) throw new Error('unreachable');
    valueOf(
      await app.call('settings:update', { checkEchoUrl: echo.url('/'), checkConcurrency: 1 }),
    );
    valueOf(await app.call('checks:start', { proxyIds: [first.id] }));
    const before = (await runEnd(app.events, [first.id])).entries.find(
      (entry) => entry.proxyId === first.id,
    );
    expect(before?.last?.ok).toBe(true);

    valueOf(await app.call('settings:update', { checkEchoUrl: echo.url('/hold') }));
    valueOf(await app.call('checks:start', { proxyIds: plan.proxies.map((proxy) => proxy.id) }));
    // Another echo URL: the run first probes it directly, and the echo holds that probe.
    await expect.poll(() => echo.held).toBe(1);
    const cancelled = valueOf(await app.call('checks:cancel'));
    expect(cancelled.run).toBeNull();
    expect(cancelled.entries).toEqual([before]);
    await expect.poll(() => echo.held).toBe(0);

    valueOf(await app.call('session:sign-out', {}));
    expect(valueOf(await app.call('checks:list')).entries).toEqual([]);
    // The popup is told to drop them too.
    await expect.poll(() => popupView(app.events).entries).toEqual([]);
  });
});
