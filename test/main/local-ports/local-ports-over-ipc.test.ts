import { request } from 'node:http';
import { LOCAL_USERNAME } from '../../../src/main/local-ports/local-password';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proxy } from '../../api-server/records';
import { useApiServer } from '../../api-server/use-api-server';
import { startSignedIn, useMainProcess, valueOf } from '../ipc/main-services-fixture';
import { startEchoServer, type EchoServer } from '../proxy-check/echo-server';
import { startHttpProxyAccepting, type LocalServer } from '../proxy-check/proxy-servers';

const server = useApiServer();
const main = useMainProcess();
let echo: EchoServer;
let upstream: LocalServer;
/** The demo plan whose proxies point at the real upstream on this computer. */
let reachable: Proxy[];

beforeAll(async () => {
  echo = await startEchoServer();
  const demo = server().store.account('demo');
  const plan = demo?.plans.find((candidate) => !candidate.is_blocked);
  if (!plan) throw new Error('No open demo plan');
  const logins = new Set(plan.proxies.map((proxy) => `${proxy.username}:${proxy.password}`));
  upstream = await startHttpProxyAccepting((pair) => logins.has(pair));
  for (const proxy of plan.proxies) Object.assign(proxy, { ip: '127.0.0.1', port: upstream.port });
  reachable = plan.proxies;
});

afterAll(async () => {
  await upstream.close();
  await echo.close();
});

function proxyAt(index: number): Proxy {
  const proxy = reachable[index];
  if (!proxy) throw new Error(`No reachable proxy ${index}`);
  return proxy;
}

/** A plain proxy request for `url` sent to the local port, as an app without a login sends it. */
function getThrough(
  port: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: url, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

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
      title: `127.0.0.1:${upstream.port}`,
      username: proxy.username,
      requiresPassword: false,
    });
    // Asked again, the same port: one per proxy.
    expect(valueOf(await call('local-ports:open', { proxyId: proxy.id })).port).toBe(opened.port);

    const answer = await getThrough(opened.port, echo.url('/'));
    expect(answer).toEqual({ status: 200, body: expect.stringMatching(/127\.0\.0\.1/) });
    const [listed] = valueOf(await call('local-ports:list'));
    expect(listed?.stats.totalConnections).toBeGreaterThanOrEqual(1);
    expect(listed?.stats.bytesDown).toBeGreaterThan(0);
    expect(
      portEvents(events)
        .at(-1)
        ?.ports.map((port) => port.port),
    ).toEqual([opened.port]);

    expect(valueOf(await call('local-ports:copy', { proxyId: proxy.id, scheme: 'http' }))).toEqual({
      description: `HTTP address of the local port of 127.0.0.1:${upstream.port} copied`,
      clearsInSeconds: 30,
    });
    expect(clipboard.text).toBe(`http://127.0.0.1:${opened.port}`);
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
    expect((await getThrough(opened.port, echo.url('/'))).status).toBe(407);

    valueOf(await call('local-ports:copy', { proxyId: proxy.id, scheme: 'http' }));
    const copied = new URL(clipboard.text);
    expect(copied.username).toBe(LOCAL_USERNAME);
    expect(copied.password.length).toBeGreaterThanOrEqual(16);
    const login = Buffer.from(`${copied.username}:${decodeURIComponent(copied.password)}`).toString(
      'base64',
    );
    expect(
      await getThrough(opened.port, echo.url('/'), { 'proxy-authorization': `Basic ${login}` }),
    ).toMatchObject({ status: 200 });
  });

  it('stops a port on request, and every port on sign-out', async () => {
    const { call, services } = await startSignedIn(main, server());
    const first = valueOf(await call('local-ports:open', { proxyId: proxyAt(0).id }));
    const second = valueOf(await call('local-ports:open', { proxyId: proxyAt(1).id }));
    expect(valueOf(await call('local-ports:close', { proxyId: first.proxyId }))).toBeNull();
    await expect(getThrough(first.port, echo.url('/'))).rejects.toThrow(/ECONNREFUSED/);
    expect(valueOf(await call('local-ports:list')).map((port) => port.port)).toEqual([second.port]);

    valueOf(await call('session:sign-out', {}));
    await expect.poll(() => services.localPorts.list()).toEqual([]);
    await expect
      .poll(() => getThrough(second.port, echo.url('/')).catch(String))
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
          `Stopped the local port of 127.0.0.1:${upstream.port} (127.0.0.1:${opened.port}): no longer in your plans.`,
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
