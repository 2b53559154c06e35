import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../src/main/errors/user-facing-error';
import { findFreePort } from '../../../src/main/local-ports/free-port';
import { LocalPortError } from '../../../src/main/local-ports/local-port-error';
import { openKeptPoolsStore } from '../../../src/main/pool/kept-pools-store';
import { startPoolPort } from '../../../src/main/pool/pool-port';
import { confIn, useTempDir } from '../store/temp-store-dir';
import {
  PoolPortsService,
  type PoolPortsServiceOptions,
  type PoolsListing,
} from '../../../src/main/pool/pool-ports-service';
import type { PlanView } from '../../../src/shared/views/plans-view';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';
import { exitThrough, indexOfExit, plainGet } from './pool-clients';
import { useFleet } from './fleet-fixture';

/** Upstream i is proxy 100 + i; 0 refuses connections. */
const world = useFleet(6, ['refuse']);

let service: PoolPortsService;
let changes: Array<string | undefined>;

afterEach(() => service.closeAll());

/** Plan 1 "Shop": proxies 100–102 (labelled shop-N); plan 2 "Social": 103–105. */
function plans(without: number[] = []): PlanView[] {
  const proxies = (ids: number[]) =>
    ids
      .filter((id) => !without.includes(id))
      .map((id) => proxyView(id, { label: id <= 102 ? `shop-${id}` : null }));
  return [
    { ...planView(1, 'Shop', proxies([100, 101, 102])), expire_date: null },
    { ...planView(2, 'Social', proxies([103, 104, 105])), expire_date: null },
  ];
}

let current: PoolsListing | null;
function listingOf(accountId: string, listed: PlanView[]): PoolsListing {
  return {
    accountId,
    plans: listed,
    pinned: [104],
    facts: { now: Date.now(), warnDays: 7, failing: new Set() },
    entry: (id) => {
      const upstream = world.fleet.upstreams[id - 100];
      if (!upstream) throw new Error(`no proxy ${id}`);
      const { host, port, username, password } = upstream;
      return { host, port, username, password };
    },
    latencyMs: () => null,
    titleOf: (id) => `proxy-${id}`,
  };
}

const tempDir = useTempDir();
const keptStore = () => openKeptPoolsStore({ createStore: confIn(tempDir()) });

function makeService(options: Partial<PoolPortsServiceOptions> = {}): PoolPortsService {
  changes = [];
  current = listingOf('acct-1', plans());
  service = new PoolPortsService({
    kept: keptStore(),
    listing: () => current,
    start: startPoolPort,
    probe: () => Promise.resolve(false),
    defaultProtocol: () => 'socks5',
    maxPools: () => 3,
    connectionLimits: () => ({}),
    onChange: (notice) => changes.push(notice),
    ...options,
  });
  return service;
}

async function exitsOf(port: number, count: number): Promise<Set<number>> {
  const exits = new Set<number>();
  for (let connection = 0; connection < count; connection += 1) {
    exits.add(100 + indexOfExit(world.fleet, await exitThrough('connect', port, world.echo)));
  }
  return exits;
}

describe('pool ports of the active account', () => {
  it("open over a plan's proxies only, and show its members, the benched first", async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 1 } });
    expect(view).toMatchObject({
      title: 'Plan Shop',
      protocol: 'socks5',
      strategy: 'round-robin',
      perRequest: false,
      requiresPassword: false,
      memberCount: 3,
    });
    expect(changes).toEqual([undefined]);
    expect(await exitsOf(view.port, 4)).toEqual(new Set([101, 102]));
    const [first] = service.list();
    expect(first?.benchedCount).toBe(1);
    expect(first?.members[0]).toMatchObject({
      proxyId: 100,
      title: 'proxy-100',
      benched: { reason: 'the proxy could not be reached (connection refused)' },
    });
    expect(first?.members.slice(1).map((member) => member.totalConnections)).toEqual([2, 2]);
    // The members' passwords stay in the main process: no view holds one.
    const shown = JSON.stringify(service.list());
    for (const upstream of world.fleet.upstreams) expect(shown).not.toContain(upstream.password);
  });

  it('follow the listing: a proxy that leaves it leaves the pool, one that comes to match joins', async () => {
    makeService();
    const view = await service.open({
      source: { kind: 'search', query: 'shop' },
      protocol: 'http',
    });
    expect(view.title).toBe('Search “shop”');
    expect(view.memberCount).toBe(3);
    current = listingOf('acct-1', plans([101]));
    await service.keepListed();
    expect(service.list()[0]?.memberCount).toBe(2);
    expect(await exitsOf(view.port, 3)).toEqual(new Set([102]));
    // Proxy 104 labelled "shop" later: it joins.
    const relabelled = plans([101]).map((plan) => ({
      ...plan,
      proxies: plan.proxies.map((proxy) =>
        proxy.id === 104 ? { ...proxy, label: 'shop-x' } : proxy,
      ),
    }));
    current = listingOf('acct-1', relabelled);
    await service.keepListed();
    expect(await exitsOf(view.port, 4)).toEqual(new Set([102, 104]));
  });

  it("of the pinned proxies, and close when another account's listing comes", async () => {
    makeService();
    const view = await service.open({ source: { kind: 'pinned' } });
    expect(view.title).toBe('Pinned proxies');
    expect(await exitsOf(view.port, 2)).toEqual(new Set([104]));
    current = listingOf('acct-2', plans());
    await service.keepListed();
    expect(service.list()).toEqual([]);
    await expect(exitThrough('connect', view.port, world.echo)).rejects.toThrow();
  });

  it('close on sign-out (no listing), and the list is told', async () => {
    makeService();
    await service.open({ source: { kind: 'plan', planId: 2 } });
    current = null;
    await service.keepListed();
    expect(service.list()).toEqual([]);
    expect(changes).toEqual([undefined, undefined]);
  });

  it('change strategy while they run, and give their local password only to a copy', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 }, requirePassword: true });
    expect(view.requiresPassword).toBe(true);
    expect((await service.configure({ poolId: view.poolId, strategy: 'sticky' })).strategy).toBe(
      'sticky',
    );
    expect(await service.configure({ poolId: view.poolId, perRequest: true })).toMatchObject({
      strategy: 'sticky',
      perRequest: true,
      keep: false,
    });
    expect((await service.configure({ poolId: view.poolId, keep: true })).keep).toBe(true);
    expect(service.localPassword(view.poolId)).toMatch(/^[\w-]{24}$/);
    expect(JSON.stringify(service.list())).not.toContain(service.localPassword(view.poolId));
    const open = await service.open({ source: { kind: 'plan', planId: 1 } });
    expect(() => service.localPassword(open.poolId)).toThrow('That pool port needs no password.');
    await expect(service.configure({ poolId: 'gone', strategy: 'random' })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'That pool port is no longer open.',
    });
    expect(() => service.localPassword(open.poolId)).toThrow(
      expect.objectContaining({ kind: 'invalid_input' }),
    );
    await service.close(view.poolId);
    await service.close(view.poolId);
    expect(service.list().map((pool) => pool.poolId)).toEqual([open.poolId]);
  });

  it('move to another number, keeping their settings, members and place in the kept file', async () => {
    makeService();
    const view = await service.open({
      source: { kind: 'plan', planId: 2 },
      strategy: 'sticky',
      perRequest: true,
      keep: true,
    });
    const number = await findFreePort('127.0.0.1');
    const moved = await service.configure({ poolId: view.poolId, port: number });
    expect(moved).toMatchObject({
      poolId: view.poolId,
      port: number,
      strategy: 'sticky',
      perRequest: true,
      keep: true,
      requiresPassword: false,
    });
    expect(service.list().map((pool) => pool.port)).toEqual([number]);
    expect([...(await exitsOf(number, 2))].every((id) => id >= 103 && id <= 105)).toBe(true);
    await expect(exitThrough('connect', view.port, world.echo)).rejects.toThrow(/ECONNREFUSED/);
    expect(
      keptStore()
        .forAccount('acct-1')
        .map((kept) => kept.port),
    ).toEqual([number]);
  });

  it('ask for a password from the next connection on when turned on, and not when turned off', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 }, strategy: 'random' });
    const locked = await service.configure({ poolId: view.poolId, requirePassword: true });
    expect(locked).toMatchObject({ port: view.port, requiresPassword: true, strategy: 'random' });
    const password = service.localPassword(view.poolId);
    await expect(plainGet(view.port, world.echo.url('/'))).rejects.toThrow(/^status 407/);
    const exit = await plainGet(view.port, world.echo.url('/'), { username: 'me', password });
    expect(indexOfExit(world.fleet, exit.body.trim())).toBeGreaterThanOrEqual(3);
    // Turned on again, the same password stays: apps given it keep working.
    await service.configure({ poolId: view.poolId, requirePassword: true });
    expect(service.localPassword(view.poolId)).toBe(password);
    const open = await service.configure({ poolId: view.poolId, requirePassword: false });
    expect(open.requiresPassword).toBe(false);
    expect(() => service.localPassword(view.poolId)).toThrow('That pool port needs no password.');
    expect((await plainGet(view.port, world.echo.url('/'))).status).toBe(200);
  });

  it('stay as they were when the new number is taken, and take changes one after the other', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 } });
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(service.configure({ poolId: view.poolId, port })).rejects.toThrow(
        new RegExp(`^Port ${port} on 127.0.0.1 is already in use`),
      );
    } finally {
      taken.close();
    }
    expect(service.list().map((pool) => pool.port)).toEqual([view.port]);
    expect((await plainGet(view.port, world.echo.url('/'))).status).toBe(200);
    const [first, second] = [await findFreePort('127.0.0.1'), await findFreePort('127.0.0.1')];
    const both = await Promise.all([
      service.configure({ poolId: view.poolId, port: first }),
      service.configure({ poolId: view.poolId, port: second }),
    ]);
    expect(both.map((pool) => pool.port)).toEqual([first, second]);
    expect(service.list().map((pool) => pool.port)).toEqual([second]);
    await expect(plainGet(first, world.echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
    await expect(plainGet(view.port, world.echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuse in words: no listing, nothing to pool, too many, a port taken', async () => {
    makeService();
    current = null;
    await expect(service.open({ source: { kind: 'pinned' } })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Your plans are not listed yet: try again in a moment.',
    });
    current = listingOf('acct-1', plans());
    await expect(service.open({ source: { kind: 'plan', planId: 9 } })).rejects.toThrow(
      "Plan 9 has no proxy to pool (blocked and expired plans' proxies are left out).",
    );
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const refusal = service.open({ source: { kind: 'pinned' }, port });
      await expect(refusal).rejects.toBeInstanceOf(UserFacingError);
      await expect(refusal).rejects.toMatchObject({ kind: 'invalid_input' });
      await expect(refusal).rejects.toThrow(
        new RegExp(`^Port ${port} on 127.0.0.1 is already in use`),
      );
    } finally {
      taken.close();
    }
    for (let pool = 0; pool < 3; pool += 1) await service.open({ source: { kind: 'pinned' } });
    await expect(service.open({ source: { kind: 'pinned' } })).rejects.toMatchObject({
      kind: 'invalid_input',
      message:
        'At most 3 pool ports can be open at once: stop one first, or raise the limit in Settings.',
    });
  });
});

describe('kept pool ports', () => {
  it('reopen at the next start with their number, strategy, password and sessions rule', async () => {
    makeService();
    await service.keepListed();
    const view = await service.open({
      source: { kind: 'search', query: 'shop' },
      strategy: 'sticky',
      perRequest: true,
      requirePassword: true,
      keep: true,
    });
    const password = service.localPassword(view.poolId);
    const other = await service.open({ source: { kind: 'pinned' } });
    expect(
      keptStore()
        .forAccount('acct-1')
        .map((pool) => pool.poolId),
    ).toEqual([view.poolId]);
    await service.closeAll();

    // The next start: the first listing of the account reopens it as it was.
    makeService();
    expect(service.list()).toEqual([]);
    await service.keepListed();
    const [again] = service.list();
    expect(again).toMatchObject({
      poolId: view.poolId,
      port: view.port,
      strategy: 'sticky',
      perRequest: true,
      requiresPassword: true,
      keep: true,
    });
    expect(service.localPassword(view.poolId)).toBe(password);
    expect(service.list().map((pool) => pool.poolId)).not.toContain(other.poolId);
    // Once per account: a second listing reopens nothing more.
    await service.keepListed();
    expect(service.list()).toHaveLength(1);
  });

  it('are forgotten when stopped or unkept, and a taken number moves them (said)', async () => {
    makeService();
    await service.keepListed();
    const first = await service.open({ source: { kind: 'plan', planId: 2 }, keep: true });
    const second = await service.open({ source: { kind: 'plan', planId: 1 }, keep: true });
    await service.configure({ poolId: second.poolId, keep: false });
    expect(
      keptStore()
        .forAccount('acct-1')
        .map((pool) => pool.poolId),
    ).toEqual([first.poolId]);
    await service.closeAll();

    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(first.port, '127.0.0.1', resolve));
    try {
      makeService();
      await service.keepListed();
      const [moved] = service.list();
      expect(moved?.port).not.toBe(first.port);
      expect(changes.at(-1)).toBe(
        `The kept pool port of Plan Social moved from ${first.port} to ${moved?.port}: ${first.port} was taken.`,
      );
      expect(keptStore().forAccount('acct-1')[0]?.port).toBe(moved?.port);
    } finally {
      taken.close();
    }
    await service.close(first.poolId);
    expect(keptStore().forAccount('acct-1')).toEqual([]);
  });

  it('that have no proxy now are not reopened, and the user hears why', async () => {
    makeService();
    await service.keepListed();
    await service.open({ source: { kind: 'plan', planId: 1 }, keep: true });
    await service.closeAll();
    makeService();
    current = listingOf('acct-1', plans([100, 101, 102]));
    await service.keepListed();
    expect(service.list()).toEqual([]);
    expect(changes.at(-1)).toMatch(
      /^The kept pool port of Plan Shop \(\d+\) could not be reopened: Plan Shop has no proxy to pool/,
    );
    // Tried once per account: the next listing does not say it again.
    const said = changes.length;
    await service.keepListed();
    expect(changes).toHaveLength(said);
  });

  it('that cannot be written stay open, unkept, and say so', async () => {
    makeService({
      kept: {
        forAccount: () => [],
        keep: () => {
          throw new Error('the disk is full');
        },
        forget: () => {},
      },
    });
    const view = await service.open({ source: { kind: 'pinned' }, keep: true });
    expect(view.keep).toBe(false);
    expect(changes.at(-1)).toBe(
      `The pool port ${view.port} is open, but will not reopen at the next start: the disk is full`,
    );
  });
});

describe('a pool port that changes', () => {
  it('cannot move once signed out or another account is listed, and keeps its number', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 } });
    const number = await findFreePort('127.0.0.1');
    current = null;
    await expect(service.configure({ poolId: view.poolId, port: number })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'That pool port is no longer open.',
    });
    current = listingOf('acct-2', plans());
    await expect(service.configure({ poolId: view.poolId, port: number })).rejects.toThrow(
      'That pool port is no longer open.',
    );
    current = listingOf('acct-1', plans());
    expect(service.list().map((pool) => pool.port)).toEqual([view.port]);
    expect((await plainGet(view.port, world.echo.url('/'))).status).toBe(200);
  });

  it('and cannot start again on its number leaves the list and the kept file, said in words', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 }, keep: true });
    // Its proxies left the listing before the pool heard of it: the restart finds none.
    current = listingOf('acct-1', plans([103, 104, 105]));
    await expect(service.configure({ poolId: view.poolId, requirePassword: true })).rejects.toThrow(
      "Plan Social has no proxy to pool (blocked and expired plans' proxies",
    );
    expect(service.list()).toEqual([]);
    expect(keptStore().forAccount('acct-1')).toEqual([]);
    await expect(plainGet(view.port, world.echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('shows its busiest members first, at most 100, and names them even after sign-out', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 } });
    await exitsOf(view.port, 1);
    // Round robin gave 103 the first connection; sticky from now on keeps the next member.
    await service.configure({ poolId: view.poolId, strategy: 'sticky' });
    expect(await exitsOf(view.port, 3)).toEqual(new Set([104]));
    const [shown] = service.list();
    expect(shown?.members.map((member) => [member.proxyId, member.totalConnections])).toEqual([
      [104, 3],
      [103, 1],
      [105, 0],
    ]);
    current = null;
    expect(service.find(view.poolId).members.map((member) => member.title)).toEqual([
      'Proxy 104',
      'Proxy 103',
      'Proxy 105',
    ]);
  });

  it('shows a benched member first wherever it is listed', async () => {
    makeService();
    // Proxy 100 (its upstream refuses connections) listed last.
    current = listingOf('acct-1', [
      {
        ...planView(5, 'Mixed', [proxyView(101), proxyView(102), proxyView(100)]),
        expire_date: null,
      },
    ]);
    const view = await service.open({ source: { kind: 'plan', planId: 5 } });
    await exitsOf(view.port, 3);
    expect(service.find(view.poolId).members.map((member) => member.proxyId)).toEqual([
      100, 101, 102,
    ]);
  });

  it('of more than 100 members shows 100 of them and counts them all', async () => {
    makeService();
    const many = Array.from({ length: 101 }, (_, index) => proxyView(1_000 + index));
    current = {
      ...listingOf('acct-1', [{ ...planView(7, 'Big', many), expire_date: null }]),
      // Every one of them leads to upstream 1: only how many are shown matters here.
      entry: () => listingOf('acct-1', []).entry(101),
    };
    const view = await service.open({ source: { kind: 'plan', planId: 7 } });
    expect(view.memberCount).toBe(101);
    expect(view.members).toHaveLength(100);
  });

  it('takes its title from the listing: a search in a plan, a plan renamed', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'search', query: 'shop', planId: 1 } });
    expect(view.title).toBe('Search “shop” in Plan Shop');
    current = listingOf(
      'acct-1',
      plans().map((plan) => (plan.id === 1 ? { ...plan, name: 'Store' } : plan)),
    );
    await service.keepListed();
    expect(service.find(view.poolId).title).toBe('Search “shop” in Plan Store');
    expect(changes.at(-1)).toBeUndefined();
  });

  it('that failed to start for a reason of its own passes the failure on as it is', async () => {
    const failure = new Error('the listener broke');
    makeService({ start: () => Promise.reject(failure) });
    await expect(service.open({ source: { kind: 'pinned' } })).rejects.toBe(failure);
    expect(service.list()).toEqual([]);
  });
});

describe('the listing of an account', () => {
  it('with no pool open and none kept tells nothing, nor does stopping nothing', async () => {
    makeService();
    await service.keepListed();
    await service.closeAll();
    expect(changes).toEqual([]);
  });

  it('reopens its kept pools again after a sign-out, once, and not when told not to', async () => {
    makeService();
    await service.keepListed();
    const view = await service.open({ source: { kind: 'plan', planId: 2 }, keep: true });
    await service.closeAll();
    changes.length = 0;
    await service.keepListed();
    expect(service.list().map((pool) => [pool.poolId, pool.port])).toEqual([
      [view.poolId, view.port],
    ]);
    expect(changes).toEqual([undefined]);
    await service.closeAll();

    makeService({ reopenKept: false });
    await service.keepListed();
    expect(service.list()).toEqual([]);
  });

  it('does not open twice a kept pool that is open already', async () => {
    makeService();
    const view = await service.open({ source: { kind: 'plan', planId: 2 }, keep: true });
    changes.length = 0;
    await service.keepListed();
    expect(service.list().map((pool) => [pool.poolId, pool.port])).toEqual([
      [view.poolId, view.port],
    ]);
    expect(changes).toEqual([undefined, undefined]);
  });

  it('reopens no more kept pools than the limit allows', async () => {
    makeService();
    await service.keepListed();
    const first = await service.open({ source: { kind: 'plan', planId: 1 }, keep: true });
    await service.open({ source: { kind: 'plan', planId: 2 }, keep: true });
    await service.closeAll();
    makeService({ maxPools: () => 1 });
    await service.keepListed();
    expect(service.list().map((pool) => pool.poolId)).toEqual([first.poolId]);
  });

  it('says in one notice each kept pool that moved, and one refused for another reason', async () => {
    makeService();
    await service.keepListed();
    const social = await service.open({ source: { kind: 'plan', planId: 2 }, keep: true });
    const pinned = await service.open({ source: { kind: 'pinned' }, keep: true });
    await service.closeAll();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(social.port, '127.0.0.1', resolve));
    try {
      // The pinned pool's number is refused by the system, not taken: it is not moved.
      makeService({
        start: (options) =>
          options.port === pinned.port
            ? Promise.reject(new LocalPortError('listen_failed', 'Port refused (EACCES).'))
            : startPoolPort(options),
      });
      await service.keepListed();
      const [moved] = service.list();
      expect(service.list()).toHaveLength(1);
      expect(changes).toEqual([
        `The kept pool port of Plan Social moved from ${social.port} to ${moved?.port}: ${social.port} was taken. ` +
          `The kept pool port of Pinned proxies (${pinned.port}) could not be reopened: Port refused (EACCES).`,
      ]);
    } finally {
      taken.close();
    }
  });

  it('says when a kept pool reopened but its file could not be written', async () => {
    const port = await findFreePort('127.0.0.1');
    const kept = {
      poolId: 'abcdefabcdef',
      source: { kind: 'plan', planId: 2 } as const,
      port,
      protocol: 'http' as const,
      strategy: 'round-robin' as const,
      perRequest: false,
      localPassword: null,
    };
    makeService({
      kept: {
        forAccount: () => [kept],
        keep: () => {
          throw new Error('the disk is full');
        },
        forget: () => {},
      },
    });
    await service.keepListed();
    expect(service.list()).toMatchObject([{ poolId: kept.poolId, port, keep: false }]);
    expect(changes).toEqual([
      `The pool port ${port} is open, but will not reopen at the next start: the disk is full`,
    ]);
  });

  it('says when a stopped pool may reopen after all, its file not written', async () => {
    makeService({
      kept: {
        forAccount: () => [],
        keep: () => {},
        forget: () => {
          throw new Error('the disk is full');
        },
      },
    });
    const view = await service.open({ source: { kind: 'pinned' }, keep: true });
    await service.close(view.poolId);
    expect(changes.at(-1)).toBe(
      'A pool port may reopen at the next start after all: the disk is full',
    );
  });
});
