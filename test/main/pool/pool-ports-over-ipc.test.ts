import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../tools/reference-service/records';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import {
  refreshedPlans,
  startSignedIn,
  useMainProcess,
  valueOf,
} from '../ipc/main-services-fixture';
import { exitThrough, indexOfExit } from './pool-clients';

const server = useApiServer();
const main = useMainProcess();
let fleet: UpstreamFleet;
let echo: ExitEcho;
let plan: Plan;

/** The demo account's first open plan, each proxy pointed at a real upstream of its own. */
beforeAll(async () => {
  const open = server()
    .store.account('demo')
    ?.plans.find((candidate) => !candidate.is_blocked && candidate.proxies.length >= 3);
  if (!open) throw new Error('No open demo plan with 3 proxies');
  plan = open;
  [fleet, echo] = await Promise.all([startUpstreamFleet(plan.proxies.length), startExitEcho()]);
  plan.proxies.forEach((proxy, index) => {
    const upstream = fleet.upstreams[index];
    if (!upstream) throw new Error(`no upstream ${index}`);
    const { host, port, username, password } = upstream;
    Object.assign(proxy, { ip: host, port, username, password });
  });
});
afterAll(() => Promise.all([fleet.close(), echo.close()]));

function poolEvents(events: { event: string; payload: unknown }[]) {
  return events
    .filter(({ event }) => event === 'pool-ports:changed')
    .map(({ payload }) => payload as { pools: Array<{ port: number }> });
}

describe('pool ports over IPC', () => {
  it("spread an app's connections over a plan's proxies, and are listed, copied and closed", async () => {
    const { call, events, clipboard } = await startSignedIn(main, server());
    const opened = valueOf(
      await call('pool-ports:open', {
        source: { kind: 'plan', planId: plan.id },
        protocol: 'http',
      }),
    );
    expect(opened).toMatchObject({
      title: `Plan ${plan.name}`,
      host: '127.0.0.1',
      protocol: 'http',
      strategy: 'round-robin',
      memberCount: plan.proxies.length,
      benchedCount: 0,
    });
    const count = plan.proxies.length;
    const exits = new Set<number>();
    for (let connection = 0; connection < count; connection += 1) {
      exits.add(indexOfExit(fleet, await exitThrough('socks5', opened.port, echo)));
    }
    expect(exits.size).toBe(count);
    const [listed] = valueOf(await call('pool-ports:list'));
    expect(listed?.stats.totalConnections).toBe(count);
    expect(listed?.members.every((member) => member.totalConnections === 1)).toBe(true);
    expect(
      poolEvents(events)
        .at(-1)
        ?.pools.map((pool) => pool.port),
    ).toEqual([opened.port]);

    expect(
      valueOf(await call('pool-ports:configure', { poolId: opened.poolId, strategy: 'sticky' })),
    ).toMatchObject({ strategy: 'sticky' });
    expect(
      valueOf(await call('pool-ports:copy', { poolId: opened.poolId, scheme: 'socks5' })),
    ).toEqual({
      description: `SOCKS5 address of the pool port of Plan ${plan.name} copied`,
      clearsInSeconds: 0,
    });
    expect(clipboard.text).toBe(`socks5://127.0.0.1:${opened.port}`);
    // No upstream password in any answer or event.
    const said = JSON.stringify([events, valueOf(await call('pool-ports:list'))]);
    for (const proxy of plan.proxies) expect(said).not.toContain(proxy.password);

    expect(valueOf(await call('pool-ports:close', { poolId: opened.poolId }))).toBeNull();
    expect(valueOf(await call('pool-ports:list'))).toEqual([]);
    await expect(exitThrough('connect', opened.port, echo)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a pool with a local password: the copy carries it and is cleared later', async () => {
    const { call, clipboard } = await startSignedIn(main, server());
    const opened = valueOf(
      await call('pool-ports:open', {
        source: { kind: 'plan', planId: plan.id },
        requirePassword: true,
      }),
    );
    expect(
      valueOf(await call('pool-ports:copy', { poolId: opened.poolId, scheme: 'http' })),
    ).toMatchObject({
      clearsInSeconds: 30,
    });
    const copied = new URL(clipboard.text);
    expect(copied.username).toBe('local');
    expect(copied.password.length).toBeGreaterThan(10);
    expect(clipboard.writes.at(-1)).toMatchObject({ concealed: true });
  });

  it('follow the listing, and close on sign-out', async () => {
    const { call, services } = await startSignedIn(main, server());
    const opened = valueOf(
      await call('pool-ports:open', { source: { kind: 'plan', planId: plan.id } }),
    );
    const [gone] = plan.proxies.splice(0, 1);
    try {
      await refreshedPlans(call);
      await expect.poll(() => services.pools.list()[0]?.memberCount).toBe(plan.proxies.length);
    } finally {
      if (gone) plan.proxies.unshift(gone);
    }
    valueOf(await call('session:sign-out', {}));
    await expect.poll(() => services.pools.list()).toEqual([]);
    await expect
      .poll(() => exitThrough('connect', opened.port, echo).catch(String))
      .toMatch(/ECONNREFUSED/);
  });

  it('a kept pool reopens at the next start, on its number', async () => {
    const first = await startSignedIn(main, server());
    const opened = valueOf(
      await first.call('pool-ports:open', {
        source: { kind: 'plan', planId: plan.id },
        strategy: 'random',
        keep: true,
      }),
    );
    await first.services.shutdown();
    const again = await startSignedIn(main, server());
    await expect
      .poll(async () => valueOf(await again.call('pool-ports:list')).map((pool) => pool.port))
      .toEqual([opened.port]);
    expect(valueOf(await again.call('pool-ports:list'))[0]).toMatchObject({
      poolId: opened.poolId,
      strategy: 'random',
      keep: true,
    });
    expect(
      indexOfExit(fleet, await exitThrough('connect', opened.port, echo)),
    ).toBeGreaterThanOrEqual(0);
  });

  it('refuse in words what cannot be pooled', async () => {
    const { call } = await startSignedIn(main, server());
    const refused = await call('pool-ports:open', {
      source: { kind: 'search', query: 'no-such-proxy-anywhere' },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: expect.stringMatching(/^Search “no-such-proxy-anywhere” has no proxy to pool/),
      },
    });
  });
});
