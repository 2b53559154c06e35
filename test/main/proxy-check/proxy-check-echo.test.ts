import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckTarget } from '../../../src/main/proxy-check/check-proxy';
import {
  ECHO_PROBE_REUSE_MS,
  ProxyCheckService,
  type ProxyCheckServiceOptions,
} from '../../../src/main/proxy-check/proxy-check-service';
import {
  proxyChecksDeltaSchema,
  proxyChecksViewSchema,
  type ProxyChecksDelta,
  type ProxyChecksView,
} from '../../../src/shared/views/check-view';
import { targetAt, useCheckServers } from './check-servers-fixture';
import { startEchoServer } from '../../../tools/local-network/echo-server';

/** The service with its real echo probe, over the local echo and proxies. */
const servers = useCheckServers();

const services: ProxyCheckService[] = [];
afterEach(() => {
  for (const service of services.splice(0)) service.forget();
});

function serviceWith(overrides: Partial<ProxyCheckServiceOptions> = {}) {
  const settings = { echoUrl: servers().echo.url('/'), concurrency: 2, now: Date.now() };
  const deltas: ProxyChecksDelta[] = [];
  const targets = new Map<number, CheckTarget>();
  const service = new ProxyCheckService({
    resolveTarget: (proxyId) => {
      const target = targets.get(proxyId);
      if (!target) throw new Error(`No proxy ${proxyId}`);
      return target;
    },
    echoUrl: () => settings.echoUrl,
    protocol: () => 'http',
    concurrency: () => settings.concurrency,
    onChange: (delta) => deltas.push(proxyChecksDeltaSchema.parse(delta)),
    now: () => new Date(settings.now),
    ...overrides,
  });
  services.push(service);
  return {
    service,
    settings,
    deltas,
    addWorking(...ids: number[]) {
      for (const id of ids) targets.set(id, targetAt(servers().httpProxy));
    },
    addRefused(...ids: number[]) {
      for (const id of ids) targets.set(id, targetAt(servers().httpProxy, { password: 'wrong' }));
    },
    /** The view once the run is over and its last delta went out. */
    async ended(): Promise<ProxyChecksView> {
      await vi.waitFor(() => {
        expect(deltas.at(-1)?.run).toBeNull();
        expect(service.view().entries.every((entry) => entry.state === 'idle')).toBe(true);
      });
      return proxyChecksViewSchema.parse(service.view());
    },
  };
}

describe('a run whose echo is down', () => {
  it('gives every proxy the echo’s failure and opens no tunnel through any of them', async () => {
    const stopped = await startEchoServer();
    await stopped.close();
    const { service, settings, addWorking, addRefused, ended } = serviceWith();
    settings.echoUrl = stopped.url('/');
    addWorking(1, 2);
    addRefused(3);

    service.start([1, 2, 3]);
    const view = await ended();
    const message = `The IP echo service 127.0.0.1:${stopped.port} could not be reached from this computer (connection refused), so no proxy was checked. Check your connection or choose another echo in Settings.`;
    expect(view.entries.map((entry) => entry.last)).toEqual(
      [1, 2, 3].map(() => ({
        ok: false,
        protocol: 'http',
        reason: 'echo_unreachable',
        message,
        checkedAt: new Date(settings.now).toISOString(),
      })),
    );
    // The summary is the echo's message, not "0 of 3 working".
    expect(view.lastRun).toEqual({ number: 1, headline: 'Not checked', summary: message });
    expect(servers().httpProxy.sockets.accepted).toBe(0);
    expect(servers().socksProxy.sockets.accepted).toBe(0);
  });

  it('is probed again by the next run, which checks once the echo answers', async () => {
    const { service, settings, addWorking, ended } = serviceWith();
    settings.echoUrl = servers().echo.url('/status/503');
    addWorking(1);
    service.start([1]);
    expect((await ended()).entries[0]?.last).toMatchObject({
      reason: 'echo_unreachable',
      message: expect.stringContaining('answered this computer with an error (HTTP 503)'),
    });
    service.start([1]);
    await ended();
    // A failed probe is not reused: each run asked again.
    expect(servers().echo.sockets.accepted).toBe(2);
    expect(servers().httpProxy.sockets.accepted).toBe(0);

    settings.echoUrl = servers().echo.url('/');
    service.start([1]);
    expect((await ended()).entries[0]?.last).toMatchObject({ ok: true, exitIp: '127.0.0.1' });
    expect(servers().httpProxy.sockets.accepted).toBe(1);
  });
});

describe('a run whose echo answers', () => {
  it('checks every proxy through it and ends with a summary', async () => {
    const { service, addWorking, addRefused, ended } = serviceWith();
    addWorking(1, 2, 3);
    addRefused(4);
    service.start([1, 2, 3, 4]);
    const view = await ended();
    expect(view.entries.map((entry) => entry.last?.ok)).toEqual([true, true, true, false]);
    expect(view.lastRun).toEqual({
      number: 1,
      headline: '3 of 4 working',
      summary: expect.stringMatching(/^3 of 4 working · fastest \d+ ms · 1 login refused$/),
    });
    expect(servers().httpProxy.sockets.accepted).toBe(4);
  });

  it('probes the echo once per run, not once per proxy, proxies joining it included', async () => {
    const { service, settings, addWorking, ended } = serviceWith();
    settings.concurrency = 1;
    settings.echoUrl = servers().echo.url('/hold');
    const echo = servers().echo;
    addWorking(1, 2, 3, 4);

    service.start([1, 2, 3]);
    // The probe is held like any request to this route; no proxy is tried before it answers.
    await vi.waitFor(() => expect(echo.held).toBe(1));
    expect(service.view().entries.map((entry) => entry.state)).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    expect(servers().httpProxy.sockets.accepted).toBe(0);
    echo.releaseHeld();

    await vi.waitFor(() => expect(service.view().entries[0]?.state).toBe('checking'));
    service.start([4]);
    let released = 0;
    while (released < 4) {
      await vi.waitFor(() => expect(echo.held).toBe(1));
      echo.releaseHeld();
      released += 1;
    }
    expect((await ended()).lastRun?.summary).toMatch(/^4 of 4 working/);
    expect(echo.sockets.accepted).toBe(4 + 1);
  });

  it('reuses a probe that passed for a minute, then probes again', async () => {
    const { service, settings, addWorking, ended } = serviceWith();
    addWorking(1);
    const echo = servers().echo;
    service.start([1]);
    await ended();
    expect(echo.sockets.accepted).toBe(2);

    settings.now += ECHO_PROBE_REUSE_MS - 1;
    service.start([1]);
    expect(service.view().entries[0]?.state).toBe('checking');
    const second = await ended();
    expect(second.lastRun?.number).toBe(2);
    expect(echo.sockets.accepted).toBe(2 + 1);

    settings.now += ECHO_PROBE_REUSE_MS;
    service.start([1]);
    expect(service.view().entries[0]?.state).toBe('queued');
    await ended();
    expect(echo.sockets.accepted).toBe(3 + 2);
  });

  it('lets the checks go ahead when the probe itself breaks', async () => {
    const { service, addWorking, ended } = serviceWith({
      probeEcho: () => Promise.reject(new Error('a bug in the probe')),
    });
    addWorking(1);
    service.start([1]);
    expect((await ended()).entries[0]?.last).toMatchObject({ ok: true });
  });
});

describe('cancelling during the probe', () => {
  it('stops the probe, checks no proxy and records nothing', async () => {
    const { service, settings, addWorking, deltas } = serviceWith();
    settings.echoUrl = servers().echo.url('/hold');
    const echo = servers().echo;
    addWorking(1, 2);

    service.start([1, 2]);
    await vi.waitFor(() => expect(echo.held).toBe(1));
    const cancelled = service.cancel();
    expect(cancelled).toMatchObject({ entries: [], run: null, lastRun: null });
    await vi.waitFor(() => {
      expect(echo.held).toBe(0);
      expect(echo.sockets.open).toBe(0);
    });
    await nextTurn();
    await nextTurn();
    expect(deltas.at(-1)).toMatchObject({ entries: [], removed: [1, 2], run: null, lastRun: null });
    expect(servers().httpProxy.sockets.accepted).toBe(0);

    // The next run probes afresh: a cancelled probe said nothing about the echo.
    settings.echoUrl = servers().echo.url('/');
    service.start([1]);
    expect(service.view().entries[0]?.state).toBe('queued');
    await vi.waitFor(() => expect(service.view().lastRun?.summary).toMatch(/^1 of 1 working/));
  });

  it('clears the last summary when a run starts, and forget clears it too', async () => {
    const { service, addWorking, ended } = serviceWith();
    addWorking(1);
    service.start([1]);
    expect((await ended()).lastRun).not.toBeNull();
    expect(service.start([1]).lastRun).toBeNull();
    expect((await ended()).lastRun?.number).toBe(2);
    service.forget();
    expect(service.view().lastRun).toBeNull();
  });
});
