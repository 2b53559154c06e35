import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckTarget } from '../../../src/main/proxy-check/check-proxy';
import { probeEcho } from '../../../src/main/proxy-check/echo-probe';
import {
  ProxyCheckService,
  type ProxyCheckServiceOptions,
} from '../../../src/main/proxy-check/proxy-check-service';
import type { CheckProtocol } from '../../../src/shared/proxy-check/check-reasons';
import {
  proxyChecksDeltaSchema,
  proxyChecksViewSchema,
  type ProxyCheckEntry,
  type ProxyCheckResult,
  type ProxyChecksDelta,
  type ProxyChecksView,
} from '../../../src/shared/views/check-view';
import { PROXY_CREDENTIALS, targetAt, useCheckServers } from './check-servers-fixture';
import { startSilentServer } from '../../../tools/local-network/proxy-servers';

const servers = useCheckServers();

/** A service over the local servers: ids map to targets the test can change at any time. */
function serviceWith(overrides: Partial<ProxyCheckServiceOptions> = {}) {
  const targets = new Map<number, CheckTarget>();
  const settings = { echoPath: '/', protocol: 'http' as CheckProtocol, concurrency: 2 };
  const deltas: ProxyChecksDelta[] = [];
  const service = new ProxyCheckService({
    resolveTarget: (proxyId) => {
      const target = targets.get(proxyId);
      if (!target) throw new Error(`No proxy ${proxyId}`);
      return target;
    },
    echoUrl: () => servers().echo.url(settings.echoPath),
    protocol: () => settings.protocol,
    concurrency: () => settings.concurrency,
    onChange: (delta) => deltas.push(proxyChecksDeltaSchema.parse(delta)),
    // The real probe, but of the echo's plain route: these tests hold the checks at `/hold`,
    // which would hold the probe too. The probe itself is tested in proxy-check-echo.test.ts.
    probeEcho: (echoUrl, deadlineMs, signal) =>
      probeEcho(echoUrl.replace(/\/hold$/, '/'), deadlineMs, signal),
    ...overrides,
  });
  services.push(service);
  const proxy = () => (settings.protocol === 'http' ? servers().httpProxy : servers().socksProxy);
  return {
    service,
    settings,
    deltas,
    /** Proxies that work, at the proxy of the current protocol. */
    addWorking(...ids: number[]) {
      for (const id of ids) targets.set(id, targetAt(proxy()));
    },
    /** Proxies whose password the proxy refuses. */
    addRefused(...ids: number[]) {
      for (const id of ids) targets.set(id, targetAt(proxy(), { password: 'wrong' }));
    },
    remove(id: number) {
      targets.delete(id);
    },
    /**
     * Waits for the delta the service emits once its queue drained; the deltas so far, laid one
     * over the other from nothing, then hold what the view holds.
     */
    async drained(): Promise<ProxyChecksView> {
      await vi.waitFor(() => {
        expect(deltas.at(-1)?.run).toBeNull();
        expect(service.view().entries.every((entry) => entry.state === 'idle')).toBe(true);
      });
      const view = proxyChecksViewSchema.parse(service.view());
      expect(view.revision).toBe(deltas.at(-1)?.revision);
      expect(laidOneOverAnother(deltas)).toEqual(byProxy(view.entries));
      return view;
    },
  };
}

const services: ProxyCheckService[] = [];
afterEach(() => {
  for (const service of services.splice(0)) service.forget();
});

function stateOf(view: ProxyChecksView, proxyId: number) {
  return view.entries.find((entry) => entry.proxyId === proxyId);
}

/** What a popup that saw every delta holds: each sets or removes entries. */
function laidOneOverAnother(deltas: readonly ProxyChecksDelta[]): Map<number, ProxyCheckEntry> {
  const entries = new Map<number, ProxyCheckEntry>();
  for (const delta of deltas) {
    for (const entry of delta.entries) entries.set(entry.proxyId, entry);
    for (const proxyId of delta.removed) entries.delete(proxyId);
  }
  return entries;
}

function byProxy(entries: readonly ProxyCheckEntry[]): Map<number, ProxyCheckEntry> {
  return new Map(entries.map((entry) => [entry.proxyId, entry]));
}

function namedIn(delta: ProxyChecksDelta | undefined): number[] {
  return delta?.entries.map((entry) => entry.proxyId) ?? [];
}

function checking(view: ProxyChecksView): number {
  return view.entries.filter((entry) => entry.state === 'checking').length;
}

describe('a run', () => {
  it('checks every proxy and keeps each result, counting failures', async () => {
    const { service, addWorking, addRefused, drained } = serviceWith();
    addWorking(1, 2);
    addRefused(3);

    const started = service.start([1, 2, 3]);
    expect(started.run).toEqual({ total: 3, done: 0, failed: 0 });
    // All wait while the echo is probed.
    expect(started.entries.map((entry) => entry.state)).toEqual(['queued', 'queued', 'queued']);
    await vi.waitFor(() =>
      expect(
        service
          .view()
          .entries.map((entry) => entry.state)
          .sort(),
      ).not.toContain('queued'),
    );

    const done = await drained();
    expect(done.run).toBeNull();
    expect(stateOf(done, 1)?.last).toMatchObject({ ok: true, exitIp: '127.0.0.1' });
    expect(stateOf(done, 2)?.last).toMatchObject({ ok: true, exitIpMatches: 'ipv4' });
    expect(stateOf(done, 3)?.last).toMatchObject({ ok: false, reason: 'auth_refused' });
  });

  it('runs SOCKS5 checks when that is the protocol setting', async () => {
    const { service, settings, addWorking, drained } = serviceWith();
    settings.protocol = 'socks5';
    addWorking(1);
    service.start([1]);
    expect(stateOf(await drained(), 1)?.last).toMatchObject({ ok: true, protocol: 'socks5' });
    expect(servers().socksProxy.sockets.accepted).toBe(1);
  });

  it('never has more checks in flight than the concurrency setting', async () => {
    const { service, settings, addWorking, drained } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 2;
    addWorking(1, 2, 3, 4, 5, 6, 7);
    const echo = servers().echo;

    service.start([1, 2, 3, 4, 5, 6, 7]);
    let released = 0;
    while (released < 7) {
      const expected = Math.min(2, 7 - released);
      // Every check in flight has reached the echo service, and no more than two are.
      await vi.waitFor(() => {
        expect(echo.held).toBe(expected);
        expect(checking(service.view())).toBe(expected);
      });
      released += echo.held;
      echo.releaseHeld();
    }
    await drained();
    expect(echo.maxHeld).toBe(2);
    // One check per proxy, and the run's one probe.
    expect(echo.sockets.accepted).toBe(7 + 1);
  });

  it('reports progress, and grows when proxies are added while it runs', async () => {
    const { service, settings, addWorking, addRefused, drained } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 1;
    addWorking(1, 3, 4);
    addRefused(2);
    const echo = servers().echo;

    service.start([1, 2, 3]);
    await vi.waitFor(() => expect(echo.held).toBe(1));
    expect(service.view().run).toEqual({ total: 3, done: 0, failed: 0 });

    echo.releaseHeld();
    // 1 answers, 2 is refused at once, 3 waits at the echo.
    await vi.waitFor(() => {
      expect(echo.held).toBe(1);
      expect(service.view().run).toEqual({ total: 3, done: 2, failed: 1 });
    });

    expect(service.start([4]).run).toEqual({ total: 4, done: 2, failed: 1 });
    echo.releaseHeld();
    await vi.waitFor(() => expect(echo.held).toBe(1));
    expect(service.view().run).toEqual({ total: 4, done: 3, failed: 1 });
    echo.releaseHeld();

    const done = await drained();
    expect(done.entries.map((entry) => [entry.proxyId, entry.last?.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, true],
    ]);
  });

  it('queues a proxy once, however often it is asked for', async () => {
    const { service, settings, addWorking, drained } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 1;
    addWorking(1, 2);

    expect(service.start([1, 1, 2, 2, 1]).run).toEqual({ total: 2, done: 0, failed: 0 });
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    // 1 is being checked and 2 is queued: neither is added again.
    expect(service.start([2, 1]).run).toEqual({ total: 2, done: 0, failed: 0 });

    servers().echo.releaseHeld();
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    servers().echo.releaseHeld();
    await drained();
    expect(servers().echo.sockets.accepted).toBe(2 + 1);
  });

  it('skips ids the listing does not hold', async () => {
    const { service, addWorking, drained } = serviceWith();
    addWorking(1);
    const started = service.start([404, 1, 405]);
    expect(started.run).toEqual({ total: 1, done: 0, failed: 0 });
    expect(started.entries.map((entry) => entry.proxyId)).toEqual([1]);
    expect((await drained()).entries.map((entry) => entry.proxyId)).toEqual([1]);
  });

  it('starts no run when nothing is to be checked', () => {
    const { service } = serviceWith();
    const nothing = { revision: 0, entries: [], run: null, lastRun: null };
    expect(service.start([404])).toEqual(nothing);
    expect(service.start([])).toEqual(nothing);
  });

  it('drops a proxy that left the listing while it waited', async () => {
    const { service, settings, addWorking, remove, drained, deltas } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 1;
    addWorking(1, 2);
    service.start([1, 2]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));

    remove(2);
    servers().echo.releaseHeld();
    const done = await drained();
    expect(done.entries.map((entry) => entry.proxyId)).toEqual([1]);
    expect(deltas.at(-1)?.removed).toEqual([2]);
    // The run finished rather than waiting for a proxy it could not check (and probed once).
    expect(servers().echo.sockets.accepted).toBe(1 + 1);
  });

  it('holds the concurrency setting within 1 and the maximum', async () => {
    const { service, settings, addWorking } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 0;
    addWorking(1, 2);
    service.start([1, 2]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    expect(checking(service.view())).toBe(1);

    settings.concurrency = Number.NaN;
    servers().echo.releaseHeld();
    await vi.waitFor(() => expect(stateOf(service.view(), 2)?.state).toBe('checking'));
    expect(checking(service.view())).toBe(1);
  });

  it('applies its timeout to every check', async () => {
    const silent = await startSilentServer();
    try {
      const { service, drained } = serviceWith({
        timeoutMs: 300,
        resolveTarget: () => targetAt(silent),
      });
      service.start([1]);
      expect(stateOf(await drained(), 1)?.last).toMatchObject({ ok: false, reason: 'timeout' });
    } finally {
      await silent.close();
    }
  });
});

describe('results', () => {
  it('stay while the next check of the proxy runs, then are replaced', async () => {
    const { service, addWorking, addRefused, drained } = serviceWith();
    addWorking(1);
    service.start([1]);
    const first = stateOf(await drained(), 1)?.last;
    expect(first?.ok).toBe(true);

    addRefused(1);
    // The echo answered a moment ago: the check begins at once.
    const again = service.start([1]);
    expect(stateOf(again, 1)).toEqual({ proxyId: 1, state: 'checking', last: first });

    const second = stateOf(await drained(), 1)?.last;
    expect(second).toMatchObject({ ok: false, reason: 'auth_refused' });
  });

  it('are dropped for proxies the listing no longer holds', async () => {
    const { service, settings, addWorking, remove, drained, deltas } = serviceWith();
    addWorking(1, 2, 3, 4, 5);
    service.start([1, 2, 3]);
    await drained();

    settings.echoPath = '/hold';
    settings.concurrency = 1;
    service.start([4, 5]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));

    // 2 and 3 had results, 4 is in flight, 5 is queued.
    for (const id of [2, 3, 4, 5]) remove(id);
    const before = deltas.length;
    service.dropUnlisted();
    const view = service.view();
    expect(view.entries).toEqual([expect.objectContaining({ proxyId: 1 })]);
    expect(view.run).toBeNull();
    // One delta names them all gone: 2 and 3 with results, 4 being checked, 5 queued.
    await vi.waitFor(() => expect(deltas).toHaveLength(before + 1));
    expect(deltas.at(-1)).toMatchObject({ entries: [], run: null });
    expect(deltas.at(-1)?.removed.toSorted()).toEqual([2, 3, 4, 5]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(0));
    await vi.waitFor(() => expect(servers().httpProxy.sockets.open).toBe(0));
  });

  it('keep a run going after dropping the unlisted spares its proxies', async () => {
    const { service, settings, addWorking, remove, drained } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 1;
    addWorking(1, 2, 3);
    service.start([1, 2, 3]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));

    service.dropUnlisted();
    remove(3);
    service.dropUnlisted();
    expect(service.view().run).toEqual({ total: 2, done: 0, failed: 0 });

    servers().echo.releaseHeld();
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    servers().echo.releaseHeld();
    expect((await drained()).entries.map((entry) => entry.proxyId)).toEqual([1, 2]);
  });

  it('are all forgotten on forget, which also stops the checks', async () => {
    const { service, settings, addWorking, drained, deltas } = serviceWith();
    addWorking(1, 2);
    service.start([1]);
    await drained();

    settings.echoPath = '/hold';
    service.start([2]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    service.forget();
    expect(service.view()).toMatchObject({ entries: [], run: null });
    await vi.waitFor(() => expect(deltas.at(-1)).toMatchObject({ entries: [], run: null }));
    // 1 had a result, 2 was being checked: the popup drops both.
    expect(deltas.at(-1)?.removed.toSorted()).toEqual([1, 2]);
    await vi.waitFor(() => expect(servers().httpProxy.sockets.open).toBe(0));
  });
});

describe('cancel', () => {
  it('stops the run, keeps earlier results and leaves nothing in flight', async () => {
    const { service, settings, addWorking, drained, deltas } = serviceWith();
    addWorking(1, 2, 3, 4);
    service.start([1]);
    const before = stateOf(await drained(), 1);

    settings.echoPath = '/hold';
    service.start([1, 2, 3, 4]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(2));

    const cancelled = service.cancel();
    // Proxy 1 is back to its earlier result; 2 had none (in flight), 3 and 4 were queued.
    expect(cancelled.entries).toEqual([before]);
    expect(cancelled.run).toBeNull();

    // The proxy and the echo see every connection close.
    await vi.waitFor(() => {
      expect(servers().httpProxy.sockets.open).toBe(0);
      expect(servers().echo.sockets.open).toBe(0);
    });
    expect(servers().echo.held).toBe(0);
    // The aborted attempts record nothing, now or later.
    await nextTurn();
    await nextTurn();
    expect(deltas.at(-1)).toEqual({
      revision: cancelled.revision + 1,
      entries: [before],
      removed: [2, 3, 4],
      run: null,
      lastRun: null,
    });
    expect(service.view()).toEqual({ ...cancelled, revision: cancelled.revision + 1 });
  });

  it('is harmless with nothing running', () => {
    const { service } = serviceWith();
    expect(service.cancel()).toEqual({ revision: 0, entries: [], run: null, lastRun: null });
  });

  it('lets the next run start afresh', async () => {
    const { service, settings, addWorking, drained } = serviceWith();
    settings.echoPath = '/hold';
    addWorking(1, 2);
    service.start([1, 2]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(2));
    service.cancel();

    settings.echoPath = '/';
    expect(service.start([2]).run).toEqual({ total: 1, done: 0, failed: 0 });
    expect(stateOf(await drained(), 2)?.last?.ok).toBe(true);
  });
});

describe('onChange', () => {
  it('sends one delta for a burst of changes in one turn', async () => {
    const { service, settings, addWorking, deltas } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 1;
    const ids = Array.from({ length: 200 }, (_, index) => index + 1);
    addWorking(...ids);

    service.start(ids.slice(0, 100));
    service.start(ids.slice(100));
    service.cancel();
    service.start(ids);
    expect(deltas).toHaveLength(0);

    await nextTurn();
    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.run).toEqual({ total: 200, done: 0, failed: 0 });
    expect(deltas[0]?.entries).toHaveLength(200);
    // Cancelled (so removed), then queued again in the same turn: changed, not removed.
    expect(deltas[0]?.removed).toEqual([]);
  });

  it('tells each step of a check: waiting for the echo probe, checking, then done', async () => {
    const { service, addWorking, drained, deltas } = serviceWith();
    addWorking(1);
    service.start([1]);
    await drained();
    expect(
      deltas.map((delta) => delta.entries.find(({ proxyId }) => proxyId === 1)?.state),
    ).toEqual(['queued', 'checking', 'idle']);
    const running = { total: 1, done: 0, failed: 0 };
    expect(deltas.map((delta) => delta.run)).toEqual([running, running, null]);
    expect(deltas.map((delta) => delta.lastRun)).toEqual([
      null,
      null,
      {
        number: 1,
        headline: '1 of 1 working',
        summary: expect.stringMatching(/^1 of 1 working · \d+ ms$/),
      },
    ]);
  });
});

describe('deltas', () => {
  const works = (checkedAt: string): ProxyCheckResult => ({
    ok: true,
    protocol: 'http',
    exitIp: '127.0.0.1',
    exitIpMatches: 'ipv4',
    connectMs: 1,
    totalMs: 2,
    checkedAt,
  });

  it('name only the proxy whose check finished, among a thousand checked', async () => {
    // A checker that answers at once, or when the test says for the one it holds.
    let held: { release: (result: ProxyCheckResult) => void } | null = null;
    const { service, settings, addWorking, drained, deltas } = serviceWith({
      check: () =>
        held
          ? new Promise((resolve) => {
              if (held) held.release = resolve;
            })
          : Promise.resolve(works('2030-01-01T00:00:00.000Z')),
    });
    settings.concurrency = 32;
    const ids = Array.from({ length: 1000 }, (_, index) => index + 1);
    addWorking(...ids);
    service.start(ids);
    expect((await drained()).entries).toHaveLength(1000);

    held = { release: () => undefined };
    service.start([500]);
    await vi.waitFor(() => expect(namedIn(deltas.at(-1))).toEqual([500]));
    expect(deltas.at(-1)).toMatchObject({ removed: [], run: { total: 1, done: 0, failed: 0 } });

    const again = works('2030-01-02T00:00:00.000Z');
    held.release(again);
    await drained();
    expect(deltas.at(-1)).toEqual({
      revision: expect.any(Number),
      entries: [{ proxyId: 500, state: 'idle', last: again }],
      removed: [],
      run: null,
      lastRun: { number: 2, headline: '1 of 1 working', summary: '1 of 1 working · 2 ms' },
    });
  });

  it('count up from 1, and a view holds the revision of the last delta sent', async () => {
    const { service, addWorking, drained, deltas } = serviceWith();
    addWorking(1, 2);
    const started = service.start([1]);
    // The view already holds 1, queued; the delta that says so is still to go out.
    expect(started.revision).toBe(0);
    expect(started.entries.map((entry) => entry.proxyId)).toEqual([1]);
    await nextTurn();
    expect(deltas.map((delta) => delta.revision)).toEqual([1]);
    expect(service.view().revision).toBe(1);

    await drained();
    service.start([2]);
    service.start([1]);
    await drained();
    expect(deltas.map((delta) => delta.revision)).toEqual(deltas.map((_, index) => index + 1));
    expect(service.view().revision).toBe(deltas.length);
  });

  it('name a proxy removed after it changed as removed, and one added again as changed', async () => {
    const { service, settings, addWorking, remove, deltas } = serviceWith();
    settings.echoPath = '/hold';
    settings.concurrency = 1;
    addWorking(1, 2);
    service.start([1]);
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    const before = deltas.length;

    // In one turn: 2 queued (a change), then gone from the listing.
    service.start([2]);
    remove(2);
    service.dropUnlisted();
    await vi.waitFor(() => expect(deltas).toHaveLength(before + 1));
    expect(deltas.at(-1)).toMatchObject({ entries: [], removed: [2] });

    // In one turn: 1 dropped (its check cancelled), then listed and queued again.
    remove(1);
    service.dropUnlisted();
    addWorking(1);
    service.start([1]);
    await vi.waitFor(() => expect(deltas).toHaveLength(before + 2));
    expect(namedIn(deltas.at(-1))).toEqual([1]);
    expect(deltas.at(-1)?.removed).toEqual([]);
  });
});

describe('a checker that breaks', () => {
  it('records a failure instead of stalling the run', async () => {
    const checkedAt = new Date('2030-01-02T03:04:05.000Z');
    const { service, addWorking, drained } = serviceWith({
      check: () => Promise.reject(new Error(`leaked ${PROXY_CREDENTIALS.password}`)),
      now: () => checkedAt,
    });
    addWorking(1);
    service.start([1]);
    const result = stateOf(await drained(), 1)?.last;
    expect(result).toEqual({
      ok: false,
      protocol: 'http',
      reason: 'network',
      message: `The check of the proxy 127.0.0.1:${servers().httpProxy.port} stopped unexpectedly.`,
      checkedAt: checkedAt.toISOString(),
    });
  });

  it('records a failure when the checker throws outright', async () => {
    const { service, addWorking, drained } = serviceWith({
      check: () => {
        throw new Error('boom');
      },
    });
    addWorking(1);
    service.start([1]);
    expect(stateOf(await drained(), 1)?.last).toMatchObject({ ok: false, reason: 'network' });
  });
});
