import { connect, createServer } from 'node:net';
import { findFreePort } from '../../../src/main/local-ports/free-port';
import { LOCAL_USERNAME } from '../../../src/main/local-ports/local-password';
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { startSignedIn, useMainProcess, valueOf } from '../ipc/main-services-fixture';
import { getThrough } from './get-through';
import { useReachableDemoPlan } from './reachable-plan-fixture';
import { until } from './until';

const server = useApiServer();
const main = useMainProcess();
const reachable = useReachableDemoPlan(server);
const proxyAt = (index: number) => reachable().proxyAt(index);
const echoUrl = () => reachable().echo.url('/');

function portEvents(events: { event: string; payload: unknown }[]) {
  return events
    .filter(({ event }) => event === 'local-ports:changed')
    .map(({ payload }) => payload as { ports: { port: number }[]; notice?: string });
}

describe('local ports over IPC', () => {
  it('opens a port an app reaches the web through without a login, lists it with its traffic, and copies it', async () => {
    const { call, events, clipboard } = await startSignedIn(main, server());
    const proxy = proxyAt(0);
    const opened = valueOf(await call('local-ports:open', { proxyId: proxy.id }));
    expect(opened).toMatchObject({
      proxyId: proxy.id,
      host: '127.0.0.1',
      // Every proxy of this plan points at one upstream: a gateway, named by username too.
      title: `${proxy.username} @ 127.0.0.1:${reachable().upstream.port}`,
      username: proxy.username,
      requiresPassword: false,
    });
    // Asked again, the same port: one per proxy.
    expect(valueOf(await call('local-ports:open', { proxyId: proxy.id })).port).toBe(opened.port);

    const answer = await getThrough(opened.port, echoUrl());
    expect(answer).toEqual({ status: 200, body: expect.stringMatching(/127\.0\.0\.1/) });
    const [listed] = valueOf(await call('local-ports:list'));
    expect(listed?.stats.totalConnections).toBeGreaterThanOrEqual(1);
    expect(listed?.stats.bytesDown).toBeGreaterThan(0);
    expect(
      portEvents(events)
        .at(-1)
        ?.ports.map((port) => port.port),
    ).toEqual([opened.port]);

    // An address without a password is no secret: copied in plain sight, and never cleared.
    expect(valueOf(await call('local-ports:copy', { proxyId: proxy.id, scheme: 'http' }))).toEqual({
      description: `HTTP address of the local port of ${proxy.username} @ 127.0.0.1:${reachable().upstream.port} copied`,
      clearsInSeconds: 0,
    });
    expect(clipboard.text).toBe(`http://127.0.0.1:${opened.port}`);
    expect(clipboard.writes.at(-1)).toMatchObject({ concealed: false });
    valueOf(await call('local-ports:copy', { proxyId: proxy.id, scheme: 'socks5' }));
    expect(clipboard.text).toBe(`socks5://127.0.0.1:${opened.port}`);

    // The upstream password is in no answer and no event.
    expect(JSON.stringify([events, valueOf(await call('local-ports:list'))])).not.toContain(
      proxy.password,
    );
  });

  it('a port that requires a local password refuses apps without it; the copied URL carries it', async () => {
    const { call, clipboard } = await startSignedIn(main, server());
    const proxy = proxyAt(1);
    const opened = valueOf(
      await call('local-ports:open', { proxyId: proxy.id, requirePassword: true }),
    );
    expect(opened.requiresPassword).toBe(true);
    expect((await getThrough(opened.port, echoUrl())).status).toBe(407);

    // With the local password it is a secret: concealed, and cleared like any password.
    expect(
      valueOf(await call('local-ports:copy', { proxyId: proxy.id, scheme: 'http' })),
    ).toMatchObject({ clearsInSeconds: 30 });
    expect(clipboard.writes.at(-1)).toMatchObject({ concealed: true });
    const copied = new URL(clipboard.text);
    expect(copied.username).toBe(LOCAL_USERNAME);
    expect(copied.password.length).toBeGreaterThanOrEqual(16);
    const login = Buffer.from(`${copied.username}:${decodeURIComponent(copied.password)}`).toString(
      'base64',
    );
    expect(
      await getThrough(opened.port, echoUrl(), { 'proxy-authorization': `Basic ${login}` }),
    ).toMatchObject({ status: 200 });
  });

  it('stops a port on request, and every port on sign-out', async () => {
    const { call, services } = await startSignedIn(main, server());
    const first = valueOf(await call('local-ports:open', { proxyId: proxyAt(0).id }));
    const second = valueOf(await call('local-ports:open', { proxyId: proxyAt(1).id }));
    expect(valueOf(await call('local-ports:close', { proxyId: first.proxyId }))).toBeNull();
    await expect(getThrough(first.port, echoUrl())).rejects.toThrow(/ECONNREFUSED/);
    expect(valueOf(await call('local-ports:list')).map((port) => port.port)).toEqual([second.port]);

    valueOf(await call('session:sign-out', {}));
    await expect.poll(() => services.localPorts.list()).toEqual([]);
    await expect
      .poll(() => getThrough(second.port, echoUrl()).catch(String))
      .toMatch(/ECONNREFUSED/);
  });

  it('a port whose proxy left the listing stops, and says which', async () => {
    const { call, events } = await startSignedIn(main, server());
    const plan = server()
      .store.account('demo')
      ?.plans.find((candidate) => candidate.proxies.includes(proxyAt(2)));
    if (!plan) throw new Error('The reachable plan is gone');
    const proxy = proxyAt(2);
    const opened = valueOf(await call('local-ports:open', { proxyId: proxy.id }));
    const index = plan.proxies.indexOf(proxy);
    plan.proxies.splice(index, 1);
    try {
      valueOf(await call('plans:refresh'));
      await expect
        .poll(() => portEvents(events).at(-1)?.notice)
        .toBe(
          `Stopped the local port of ${proxy.username} @ 127.0.0.1:${reachable().upstream.port} (127.0.0.1:${opened.port}): no longer in your plans.`,
        );
      expect(valueOf(await call('local-ports:list'))).toEqual([]);
    } finally {
      plan.proxies.splice(index, 0, proxy);
    }
  });

  it('refuses past the limit in Settings, and names a free port when the one asked for is taken', async () => {
    const { call } = await startSignedIn(main, server());
    valueOf(await call('settings:update', { localPortsMax: 1 }));
    const first = valueOf(await call('local-ports:open', { proxyId: proxyAt(0).id }));
    expect(await call('local-ports:open', { proxyId: proxyAt(1).id })).toMatchObject({
      ok: false,
      error: {
        message:
          'At most 1 local ports can be open at once: stop one first, or raise the limit in Settings.',
      },
    });

    valueOf(await call('settings:update', { localPortsMax: 5 }));
    const taken = await call('local-ports:open', { proxyId: proxyAt(1).id, port: first.port });
    expect(taken).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(
          new RegExp(`^Port ${first.port} .* in use .*Port \\d+ is free\\.$`),
        ),
      },
    });
  });

  it('holds as many connections a port as Settings says, and shows the refused ones', async () => {
    const { call } = await startSignedIn(main, server());
    valueOf(await call('settings:update', { localPortConnectionsMax: 2, localPortIdleMinutes: 1 }));
    const opened = valueOf(await call('local-ports:open', { proxyId: proxyAt(0).id }));
    const held = [connect(opened.port, '127.0.0.1'), connect(opened.port, '127.0.0.1')];
    for (const socket of held) socket.on('error', () => {});
    try {
      const portView = async () =>
        valueOf(await call('local-ports:list')).find((port) => port.port === opened.port);
      await until(async () => (await portView())?.stats.openConnections === 2);
      const refused = connect(opened.port, '127.0.0.1');
      refused.on('error', () => {});
      await until(() => refused.closed);
      expect((await portView())?.stats).toMatchObject({
        openConnections: 2,
        refusedConnections: 1,
      });
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('refuses a proxy that is not listed, and a copy of a port that is not open', async () => {
    const { call } = await startSignedIn(main, server());
    expect(await call('local-ports:open', { proxyId: 999_999 })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
    expect(
      await call('local-ports:copy', { proxyId: proxyAt(0).id, scheme: 'http' }),
    ).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});

describe('a local port’s settings over IPC', () => {
  it('moves to another number, asks for a password, and speaks SOCKS5 upstream, each on request', async () => {
    const { call, clipboard } = await startSignedIn(main, server());
    const proxy = proxyAt(0);
    const opened = valueOf(await call('local-ports:open', { proxyId: proxy.id }));
    const wanted = await findFreePort('127.0.0.1');
    const moved = valueOf(await call('local-ports:configure', { proxyId: proxy.id, port: wanted }));
    expect(moved.port).toBe(wanted);
    await expect(getThrough(opened.port, echoUrl())).rejects.toThrow(/ECONNREFUSED/);
    expect((await getThrough(wanted, echoUrl())).status).toBe(200);

    const guarded = valueOf(
      await call('local-ports:configure', { proxyId: proxy.id, requirePassword: true }),
    );
    expect(guarded).toMatchObject({ port: wanted, requiresPassword: true });
    expect((await getThrough(wanted, echoUrl())).status).toBe(407);
    valueOf(await call('local-ports:copy', { proxyId: proxy.id, scheme: 'http' }));
    expect(new URL(clipboard.text).port).toBe(String(wanted));

    // This upstream speaks HTTP only: over SOCKS5 the app's request fails, and the port says why.
    valueOf(
      await call('local-ports:configure', {
        proxyId: proxy.id,
        requirePassword: false,
        protocol: 'socks5',
      }),
    );
    // The app is refused (an error answer, or the connection closed on it): never a 200.
    const refused = await getThrough(wanted, echoUrl()).catch(() => ({ status: 0 }));
    expect(refused.status === 0 || refused.status >= 500).toBe(true);
    const [failing] = valueOf(await call('local-ports:list'));
    expect(failing?.protocol).toBe('socks5');
    expect(failing?.stats.lastError?.message).toMatch(/\S/);
    expect(failing?.stats.lastError?.message).not.toContain(proxy.password);
  });

  it('a port in use keeps the port where it was', async () => {
    const { call } = await startSignedIn(main, server());
    const first = valueOf(await call('local-ports:open', { proxyId: proxyAt(0).id }));
    const second = valueOf(await call('local-ports:open', { proxyId: proxyAt(1).id }));
    expect(
      await call('local-ports:configure', { proxyId: second.proxyId, port: first.port }),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining('in use') } });
    expect((await getThrough(second.port, echoUrl())).status).toBe(200);
  });

  it('a kept port reopens at the next start on its number, with its password; one whose number is taken moves and says so', async () => {
    const first = await startSignedIn(main, server());
    const keptProxy = proxyAt(0);
    const movedProxy = proxyAt(1);
    const kept = valueOf(
      await first.call('local-ports:open', {
        proxyId: keptProxy.id,
        keep: true,
        requirePassword: true,
      }),
    );
    valueOf(await first.call('local-ports:copy', { proxyId: keptProxy.id, scheme: 'http' }));
    const keptUrl = first.clipboard.text;
    const toMove = valueOf(
      await first.call('local-ports:open', { proxyId: movedProxy.id, keep: true }),
    );
    valueOf(await first.call('local-ports:open', { proxyId: proxyAt(2).id }));
    valueOf(
      await first.call('local-ports:configure', {
        proxyId: keptProxy.id,
        keepBrowserProfile: true,
      }),
    );
    await first.services.shutdown();
    await expect(getThrough(kept.port, echoUrl())).rejects.toThrow(/ECONNREFUSED/);

    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(toMove.port, '127.0.0.1', resolve));
    try {
      const second = main.start();
      await second.services.start();
      valueOf(await second.call('plans:refresh'));
      await expect
        .poll(() =>
          second.services.localPorts
            .list()
            .map((port) => port.proxyId)
            .sort(),
        )
        .toEqual([keptProxy.id, movedProxy.id].sort());
      const reopened = second.services.localPorts.find(keptProxy.id);
      expect(reopened).toMatchObject({
        port: kept.port,
        keep: true,
        requiresPassword: true,
        keepBrowserProfile: true,
      });
      valueOf(await second.call('local-ports:copy', { proxyId: keptProxy.id, scheme: 'http' }));
      expect(second.clipboard.text).toBe(keptUrl);
      const moved = second.services.localPorts.find(movedProxy.id);
      expect(moved?.port).not.toBe(toMove.port);
      expect(portEvents(second.events).map((event) => event.notice)).toContain(
        `The kept local port of ${moved?.title} moved from ${toMove.port} to ${moved?.port}: ${toMove.port} was taken.`,
      );

      // Stopped by the user, a kept port is no longer kept.
      valueOf(await second.call('local-ports:close', { proxyId: keptProxy.id }));
      await second.services.shutdown();
      const third = main.start();
      await third.services.start();
      valueOf(await third.call('plans:refresh'));
      await expect
        .poll(() => third.services.localPorts.list().map((port) => port.proxyId))
        .toEqual([movedProxy.id]);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
