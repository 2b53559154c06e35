import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  upstreamFailures,
  UpstreamFailure,
} from '../../../src/main/local-ports/relay/upstream-failure';
import { MAX_MOVES, Pool, TRIAL_MS, type PoolOptions } from '../../../src/main/pool/pool';
import type { PoolMember } from '../../../src/main/pool/pool-member';
import { FIRST_BENCH_MS, LONGEST_BENCH_MS } from '../../../src/main/pool/member-health';

function poolMembers(count: number): PoolMember[] {
  return Array.from({ length: count }, (_, id) => ({
    id,
    entry: { host: '127.0.0.1', port: 2000 + id, username: `user-${id}`, password: `pw-${id}` },
    latencyMs: null,
  }));
}

const refused = () =>
  new UpstreamFailure('unreachable', 'the proxy could not be reached (connection refused)');

let pools: Pool[] = [];
function pool(options: Partial<PoolOptions> = {}): Pool {
  const made = new Pool({ members: poolMembers(4), protocol: 'http', ...options });
  pools.push(made);
  return made;
}

afterEach(() => {
  for (const made of pools) made.close();
  pools = [];
  vi.useRealTimers();
});

/** The member id a binding chooses (its port tells it). */
const idOf = (upstream: { port: number } | null) =>
  upstream === null ? null : upstream.port - 2000;

describe('a pool binds each connection to one upstream', () => {
  it('in turn by default, with the upstream spoken to by the pool protocol and its own login', () => {
    const made = pool({ protocol: 'socks5' });
    const chosen = Array.from({ length: 5 }, () => made.bind(null).choose());
    expect(chosen.map(idOf)).toEqual([0, 1, 2, 3, 0]);
    expect(chosen[1]).toEqual({
      protocol: 'socks5',
      host: '127.0.0.1',
      port: 2001,
      username: 'user-1',
      password: 'pw-1',
    });
  });

  it('keeps a connection on its upstream for its life', () => {
    const made = pool();
    const binding = made.bind(null);
    const first = binding.choose();
    made.bind(null).choose();
    expect(binding.choose()).toBe(first);
  });

  it('picks anew after release (a new upstream per request)', () => {
    const made = pool({ perRequest: true });
    const binding = made.bind(null);
    expect(binding.perRequest).toBe(true);
    expect(idOf(binding.choose())).toBe(0);
    binding.release();
    expect(idOf(binding.choose())).toBe(1);
    expect(made.bind(null).perRequest).toBe(true);
    expect(pool().bind(null).perRequest).toBe(false);
  });

  it('follows a strategy changed while it runs', () => {
    const made = pool();
    expect(made.strategy).toBe('round-robin');
    made.setStrategy('sticky');
    expect(made.strategy).toBe('sticky');
    const chosen = Array.from({ length: 3 }, () => made.bind(null).choose());
    expect(new Set(chosen.map(idOf)).size).toBe(1);
  });
});

describe('a failure by the upstream', () => {
  it('benches it, with why, and moves the connection to another, up to 3 times', () => {
    const made = pool({ members: poolMembers(6) });
    const binding = made.bind(null);
    const tried: Array<number | null> = [];
    const moved: boolean[] = [];
    for (let attempt = 0; attempt <= MAX_MOVES; attempt += 1) {
      tried.push(idOf(binding.choose()));
      moved.push(binding.failed(refused()));
    }
    expect(MAX_MOVES).toBe(3);
    expect(tried).toEqual([0, 1, 2, 3]);
    expect(moved).toEqual([true, true, true, false]);
    const benched = made.members().filter((member) => member.benched !== null);
    expect(benched.map((member) => member.id)).toEqual([0, 1, 2, 3]);
    expect(benched[0]?.benched?.reason).toBe('the proxy could not be reached (connection refused)');
    // New connections go to the members left.
    expect([made.bind(null).choose(), made.bind(null).choose()].map(idOf)).toEqual([4, 5]);
  });

  it.each([
    ['auth_refused', upstreamFailures.connectStatus(407)],
    ['timeout', upstreamFailures.timedOut()],
    ['closed', upstreamFailures.closed()],
    ['bad_answer', upstreamFailures.notHttp()],
    ['dns', new UpstreamFailure('dns', "the proxy's host name could not be found")],
  ])('%s is the upstream’s fault', (_kind, failure) => {
    const made = pool();
    const binding = made.bind(null);
    binding.choose();
    expect(binding.failed(failure)).toBe(true);
    expect(made.members()[0]?.benched?.reason).toBe(failure.message);
  });

  it('but a destination the upstream could not reach benches nothing and is not moved', () => {
    const made = pool();
    const binding = made.bind(null);
    binding.choose();
    expect(binding.failed(upstreamFailures.connectStatus(502))).toBe(false);
    expect(binding.failed(upstreamFailures.badDestination())).toBe(false);
    expect(made.members().every((member) => member.benched === null)).toBe(true);
    expect(idOf(binding.choose())).toBe(0);
  });

  it('benches a member once when several of its connections fail together', () => {
    vi.useFakeTimers();
    const made = pool();
    const [a, b] = [made.bind(null), made.bind(null)];
    a.choose();
    for (let skip = 0; skip < 3; skip += 1) made.bind(null).choose();
    b.choose();
    a.failed(refused());
    vi.advanceTimersByTime(5_000);
    b.failed(refused());
    expect(made.members()[0]?.benched?.until.getTime()).toBe(Date.now() + 5_000);
  });

  it('when every member is benched, tries the one back soonest rather than failing', () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(2) });
    const first = made.bind(null);
    first.choose();
    first.failed(refused());
    vi.advanceTimersByTime(1_000);
    first.choose();
    first.failed(refused());
    const later = made.bind(null);
    expect(idOf(later.choose())).toBe(0);
    later.failed(refused());
    expect(idOf(later.choose())).toBe(1);
    later.failed(refused());
    expect(later.choose()).toBeNull();
  });

  it('no member at all: nothing to choose', () => {
    expect(pool({ members: [] }).bind(null).choose()).toBeNull();
  });
});

describe('a bench ends', () => {
  it('with a probe that works: readmitted after 10 s', async () => {
    vi.useFakeTimers();
    const probed: number[] = [];
    const made = pool({
      probe: (upstream) => {
        probed.push(upstream.port);
        return Promise.resolve(true);
      },
    });
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(probed).toEqual([]);
    expect(made.members()[0]?.benched).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(probed).toEqual([2000]);
    expect(made.members()[0]?.benched).toBeNull();
  });

  it('with a probe that fails (or throws): benched again for twice as long, with the same why', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const made = pool({
      probe: () => {
        calls += 1;
        return calls === 1 ? Promise.resolve(false) : Promise.reject(new Error('boom'));
      },
    });
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    await vi.advanceTimersByTimeAsync(10_000);
    const bench = made.members()[0]?.benched;
    expect(bench?.until.getTime()).toBe(Date.now() + 20_000);
    expect(bench?.reason).toBe('the proxy could not be reached (connection refused)');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(2);
    expect(made.members()[0]?.benched?.until.getTime()).toBe(Date.now() + 40_000);
  });

  it('without a probe: readmitted when its time is up', async () => {
    vi.useFakeTimers();
    const made = pool();
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(made.members()[0]?.benched).toBeNull();
  });

  it('never after the pool closed: no probe runs', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const made = pool({ probe: () => Promise.resolve(++calls > 0) });
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    made.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(0);
  });
});

describe('sessions', () => {
  it('keep their upstream across connections, each session its own', () => {
    const made = pool();
    const a = Array.from({ length: 3 }, () => idOf(made.bind('session-a').choose()));
    const b = Array.from({ length: 3 }, () => idOf(made.bind('session-b').choose()));
    expect(new Set(a).size).toBe(1);
    expect(new Set(b).size).toBe(1);
    expect(a[0]).not.toBe(b[0]);
  });

  it('move once when their upstream is benched, and stay on the new one', () => {
    const made = pool();
    const first = made.bind('session-a');
    const before = idOf(first.choose());
    first.failed(refused());
    const after = idOf(first.choose());
    expect(after).not.toBe(before);
    const later = Array.from({ length: 3 }, () => idOf(made.bind('session-a').choose()));
    expect(later).toEqual([after, after, after]);
  });

  it('are counted per member while held, and idle ones given a new upstream', () => {
    vi.useFakeTimers();
    const made = pool({ sessionIdleMs: 60_000 });
    const socket = new Socket();
    const binding = made.bind('session-a');
    const held = idOf(binding.choose());
    binding.opened(socket, 5);
    made.bind('session-b').choose();
    expect(made.members().map((member) => member.sessions)).toEqual([1, 1, 0, 0]);
    vi.advanceTimersByTime(120_000);
    // Its connection is still open: not idle.
    expect(idOf(made.bind('session-a').choose())).toBe(held);
    socket.destroy();
    return new Promise<void>((resolve) =>
      socket.once('close', () => {
        vi.advanceTimersByTime(60_000);
        expect(made.members().map((member) => member.sessions)).toEqual([0, 0, 0, 0]);
        expect(idOf(made.bind('session-a').choose())).toBe(2);
        resolve();
      }),
    );
  });
});

describe('members', () => {
  it('count connections and bytes through them, and keep them while their proxy stays', () => {
    const made = pool();
    const binding = made.bind(null);
    binding.choose();
    const socket = new Socket();
    binding.opened(socket, 3);
    made.setMembers(poolMembers(4).map((member) => ({ ...member, latencyMs: 40 })));
    expect(made.members()[0]).toMatchObject({
      id: 0,
      benched: null,
      openConnections: 1,
      totalConnections: 1,
      bytesUp: 0,
      bytesDown: 0,
    });
    socket.destroy();
  });

  it('that left the pool have their connections ended and are never chosen again', async () => {
    const made = pool();
    const binding = made.bind(null);
    expect(idOf(binding.choose())).toBe(0);
    const socket = new Socket();
    binding.opened(socket, 3);
    made.setMembers(poolMembers(4).slice(1));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(socket.destroyed).toBe(true);
    expect([1, 2, 3]).toContain(idOf(binding.choose()));
    expect(made.members().map((member) => member.id)).toEqual([1, 2, 3]);
  });

  it('whose password changed start afresh (a new member)', () => {
    const made = pool();
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    const [first, ...rest] = poolMembers(4) as [PoolMember, ...PoolMember[]];
    made.setMembers([{ ...first, entry: { ...first.entry, password: 'rotated' } }, ...rest]);
    expect(made.members()[0]?.benched).toBeNull();
    expect(made.members()[1]?.benched).toBeNull();
  });
});

describe('a member on trial (never opened a connection, or back from a bench)', () => {
  it('takes one connection at a time while others are free', () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(3) });
    const trial = made.bind(null);
    expect(idOf(trial.choose())).toBe(0);
    // 0's trial connection is under way: 1 and 2 take the next ones, then 0 again only when
    // nothing else is free, as round robin would.
    const proven = made.bind(null);
    expect(idOf(proven.choose())).toBe(1);
    proven.opened(new Socket(), 2);
    expect(idOf(made.bind(null).choose())).toBe(2);
    // 1 is proven: it takes any number; 0 and 2 still wait for their trials.
    expect([made.bind(null).choose(), made.bind(null).choose()].map(idOf)).toEqual([1, 1]);
  });

  it('is given another connection once its trial has waited TRIAL_MS, or when none else fits', () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(2) });
    made.bind(null).choose();
    made.bind(null).choose();
    // Both on trial: round robin goes on over them rather than failing.
    expect(idOf(made.bind(null).choose())).toBe(0);
    vi.advanceTimersByTime(TRIAL_MS);
    expect(TRIAL_MS).toBe(5_000);
    expect(idOf(made.bind(null).choose())).toBe(1);
  });

  it('whose trial hangs takes another only once it waited TRIAL_MS; one never tried takes its turn at once', () => {
    let clock = 0;
    const made = pool({ members: poolMembers(3), now: () => clock });
    const choose = (opens: boolean) => {
      const binding = made.bind(null);
      const chosen = idOf(binding.choose());
      if (opens) binding.opened(new Socket(), 1);
      return chosen;
    };
    // 0's trial connection never opens; 1 and 2 open theirs (2 was never tried: free at once).
    expect([choose(false), choose(true), choose(true)]).toEqual([0, 1, 2]);
    clock = TRIAL_MS - 1;
    // 0's turn, still on trial: passed over for those proven.
    expect([choose(false), choose(false)]).toEqual([1, 2]);
    clock = TRIAL_MS;
    expect(choose(false)).toBe(0);
  });

  it('is on trial again after its bench, until a connection opens', async () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(2) });
    const first = made.bind(null);
    expect(idOf(first.choose())).toBe(0);
    first.opened(new Socket(), 1);
    const failing = made.bind(null);
    expect(idOf(failing.choose())).toBe(1);
    failing.failed(refused());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(made.members()[1]?.benched).toBeNull();
    // 1 takes one connection (its trial), then only 0 (proven) takes more.
    const next = Array.from({ length: 4 }, () => made.bind(null));
    expect(next.map((binding) => idOf(binding.choose()))).toEqual([0, 1, 0, 0]);
    next[1]?.opened(new Socket(), 1);
    expect([made.bind(null).choose(), made.bind(null).choose()].map(idOf)).toEqual([1, 0]);
  });
});

describe('a binding', () => {
  it('with a new upstream per request goes round every member again and again', () => {
    const binding = pool({ perRequest: true }).bind(null);
    const chosen: Array<number | null> = [];
    for (let request = 0; request < 6; request += 1) {
      chosen.push(idOf(binding.choose()));
      binding.release();
    }
    expect(chosen).toEqual([0, 1, 2, 3, 0, 1]);
  });

  it('that has no upstream benches nothing and moves nothing on a failure', () => {
    const made = pool();
    const binding = made.bind(null);
    binding.choose();
    expect(binding.failed(refused())).toBe(true);
    // Reported again before another was chosen: nothing more to bench.
    expect(binding.failed(refused())).toBe(false);
    expect(made.members().map((member) => member.benched !== null)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('that has no upstream counts an opened connection for no member', () => {
    const made = pool();
    const socket = new Socket();
    made.bind('session-a').opened(socket, 5);
    expect(made.members().every((member) => member.totalConnections === 0)).toBe(true);
    socket.destroy();
  });
});

describe('the fastest strategy in a pool', () => {
  it("ranks members never checked by the pool's own connect times", () => {
    const made = pool({ strategy: 'fastest' });
    const first = made.bind(null);
    expect(idOf(first.choose())).toBe(0);
    const socket = new Socket();
    first.opened(socket, 50);
    // Member 0 has a measure, the others none: it is the fastest known.
    expect([made.bind(null).choose(), made.bind(null).choose()].map(idOf)).toEqual([0, 0]);
    socket.destroy();
  });
});

describe('a run of failures', () => {
  it('ends when a connection opens through the member: its next bench is 10 s again', async () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(1) });
    const failOnce = () => {
      const binding = made.bind(null);
      binding.choose();
      binding.failed(refused());
    };
    failOnce();
    await vi.advanceTimersByTimeAsync(10_000);
    failOnce();
    // Readmitted and failing again: the run goes on, twice as long.
    expect(made.members()[0]?.benched?.until.getTime()).toBe(Date.now() + 20_000);
    await vi.advanceTimersByTimeAsync(20_000);
    const socket = new Socket();
    const working = made.bind(null);
    working.choose();
    working.opened(socket, 5);
    failOnce();
    expect(made.members()[0]?.benched?.until.getTime()).toBe(Date.now() + 10_000);
    socket.destroy();
  });

  it('that bench several members at once tries the first listed first when all are out', () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(2) });
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    binding.choose();
    binding.failed(refused());
    // Both are back at the same moment.
    expect(idOf(made.bind(null).choose())).toBe(0);
  });
});

describe('a session whose upstream left the pool', () => {
  it('is given another', () => {
    const made = pool();
    expect(idOf(made.bind('session-a').choose())).toBe(0);
    made.setMembers(poolMembers(4).slice(1));
    expect([1, 2, 3]).toContain(idOf(made.bind('session-a').choose()));
  });
});

describe('a member that left the pool', () => {
  it('is not benched, nor probed, when its connection fails', async () => {
    vi.useFakeTimers();
    const probed: number[] = [];
    const made = pool({
      probe: (upstream) => {
        probed.push(upstream.port);
        return Promise.resolve(true);
      },
    });
    const binding = made.bind(null);
    binding.choose();
    made.setMembers(poolMembers(4).slice(1));
    binding.failed(refused());
    await vi.advanceTimersByTimeAsync(LONGEST_BENCH_MS);
    expect(probed).toEqual([]);
  });

  it('while its probe ran is not probed again when the probe fails', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let answer: (works: boolean) => void = () => {};
    const made = pool({
      probe: () => {
        calls += 1;
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
    });
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    await vi.advanceTimersByTimeAsync(FIRST_BENCH_MS);
    expect(calls).toBe(1);
    made.setMembers(poolMembers(4).slice(1));
    answer(false);
    await vi.advanceTimersByTimeAsync(LONGEST_BENCH_MS);
    expect(calls).toBe(1);
  });
});

describe('a pool closed', () => {
  it('while a probe runs: the probe is told to stop, and its answer changes nothing', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    let answer: (works: boolean) => void = () => {};
    const made = pool({
      probe: (_upstream, signal) => {
        signals.push(signal);
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
    });
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    const benchedUntil = made.members()[0]?.benched?.until.getTime();
    await vi.advanceTimersByTimeAsync(FIRST_BENCH_MS);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
    made.close();
    expect(signals[0]?.aborted).toBe(true);
    answer(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(made.members()[0]?.benched?.until.getTime()).toBe(benchedUntil);
  });

  it('benches nothing more', () => {
    const made = pool();
    made.close();
    const binding = made.bind(null);
    binding.choose();
    binding.failed(refused());
    expect(made.members().every((member) => member.benched === null)).toBe(true);
  });
});

describe('a benched member', () => {
  it('is passed over by new connections whose turn it is', () => {
    const made = pool();
    const failing = made.bind(null);
    failing.choose();
    failing.failed(refused());
    const chosen = Array.from({ length: 4 }, () => idOf(made.bind(null).choose()));
    expect(chosen).toEqual([1, 2, 3, 1]);
  });

  it('back from its bench is not tried again by a connection that tried it', async () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(2) });
    const binding = made.bind(null);
    expect(idOf(binding.choose())).toBe(0);
    binding.failed(refused());
    await vi.advanceTimersByTimeAsync(FIRST_BENCH_MS);
    expect(made.members()[0]?.benched).toBeNull();
    expect(idOf(binding.choose())).toBe(1);
    binding.failed(refused());
    expect(binding.choose()).toBeNull();
  });
});

describe('sessions in a pool', () => {
  it('are only the connections that name one (or every connection of a sticky pool)', () => {
    const made = pool();
    const socket = new Socket();
    const binding = made.bind(null);
    binding.choose();
    binding.opened(socket, 5);
    expect(made.members().map((member) => member.sessions)).toEqual([0, 0, 0, 0]);
    made.setStrategy('sticky');
    made.bind(null).choose();
    expect(made.members().map((member) => member.sessions)).toEqual([0, 1, 0, 0]);
    socket.destroy();
  });

  it('whose connection found every upstream failing keep the last they were given', async () => {
    vi.useFakeTimers();
    const made = pool({ members: poolMembers(2) });
    const binding = made.bind('session-a');
    expect(idOf(binding.choose())).toBe(0);
    binding.failed(refused());
    expect(idOf(binding.choose())).toBe(1);
    binding.failed(refused());
    expect(binding.choose()).toBeNull();
    await vi.advanceTimersByTimeAsync(FIRST_BENCH_MS);
    expect(idOf(made.bind('session-a').choose())).toBe(1);
  });
});
