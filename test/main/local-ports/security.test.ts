import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_USERNAME, makeLocalPassword } from '../../../src/main/local-ports/local-password';
import { LocalPortError } from '../../../src/main/local-ports/local-port-error';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import type { UpstreamProxy } from '../../../src/main/upstream/upstream-proxy';
import { startSocksProxy, type LocalServer } from '../../../tools/local-network/proxy-servers';
import { getOverSocks, rawExchange } from './local-clients';
import { rawApp } from './raw-peers';
import {
  getThroughProxy,
  startHeaderEcho,
  startRecordingHttpProxy,
  type HeaderEcho,
  type RecordingProxy,
} from './recording-servers';
import { until } from './until';

// Characters that need encoding in a URL, so a login written into a URL anywhere is tested too.
const LOGIN = { username: 'plan-user', password: 'p@ss:w%rd/Secret#1' };
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

let echo: HeaderEcho;
let httpUpstream: RecordingProxy;
let socksUpstream: LocalServer;
const opened: LocalPort[] = [];

beforeAll(async () => {
  [echo, httpUpstream, socksUpstream] = await Promise.all([
    startHeaderEcho(),
    startRecordingHttpProxy(LOGIN),
    startSocksProxy(LOGIN),
  ]);
});
afterAll(async () => {
  await Promise.all([echo.close(), httpUpstream.close(), socksUpstream.close()]);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((port) => port.close()));
  vi.restoreAllMocks();
});

const viaHttp = (): UpstreamProxy => ({
  protocol: 'http',
  host: '127.0.0.1',
  port: httpUpstream.port,
  ...LOGIN,
});
const viaSocks = (): UpstreamProxy => ({
  protocol: 'socks5',
  host: '127.0.0.1',
  port: socksUpstream.port,
  ...LOGIN,
});

async function open(options: Parameters<typeof startLocalPort>[0]): Promise<LocalPort> {
  const port = await startLocalPort(options);
  opened.push(port);
  return port;
}

describe('binding', () => {
  it.each(['0.0.0.0', '192.168.1.20', '::', 'example.com'])(
    'refuses %s before any socket is opened',
    async (bindHost) => {
      const listen = vi.spyOn(net.Server.prototype, 'listen');
      const handles = process.getActiveResourcesInfo().length;
      const refusal = startLocalPort({ upstream: viaHttp(), bindHost });
      await expect(refusal).rejects.toBeInstanceOf(LocalPortError);
      await expect(refusal).rejects.toMatchObject({ kind: 'not_loopback' });
      await expect(refusal).rejects.toThrow(bindHost);
      expect(listen).not.toHaveBeenCalled();
      expect(process.getActiveResourcesInfo().length).toBeLessThanOrEqual(handles);
    },
  );

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', '127.0.0.1'],
    ['::1', '::1'],
  ] as const)('listens on %s as %s', async (bindHost, host) => {
    const port = await open({ upstream: viaHttp(), bindHost });
    expect(port.host).toBe(host);
    expect(port.port).toBeGreaterThan(0);
  });

  it('names a port in use and suggests a free one', async () => {
    const first = await open({ upstream: viaHttp() });
    const second = startLocalPort({ upstream: viaHttp(), port: first.port });
    await expect(second).rejects.toMatchObject({ kind: 'port_in_use' });
    const error = (await second.catch((e: unknown) => e)) as LocalPortError;
    expect(error.message).toContain(String(first.port));
    expect(error.suggestedPort).not.toBe(first.port);
    const suggested = await open({ upstream: viaHttp(), port: error.suggestedPort ?? -1 });
    expect(suggested.port).toBe(error.suggestedPort);
  });

  it.each([-1, 65536, 1.5])('refuses the port %s, in words', async (port) => {
    await expect(startLocalPort({ upstream: viaHttp(), port })).rejects.toMatchObject({
      kind: 'invalid_port',
      message: `${port} is not a port (a whole number from 1 to 65535, or 0 for any free port).`,
    });
  });

  it('takes the highest port number as a port (free or not)', async () => {
    const outcome = await open({ upstream: viaHttp(), port: 65535 }).catch(
      (error: unknown) => error as LocalPortError,
    );
    expect('kind' in outcome ? outcome.kind : 'opened').not.toBe('invalid_port');
  });

  it('reports another listen failure with its code', async () => {
    vi.spyOn(net.Server.prototype, 'listen').mockImplementationOnce(function (this: net.Server) {
      const error = Object.assign(new Error('denied'), { code: 'EACCES' });
      process.nextTick(() => this.emit('error', error));
      return this;
    });
    await expect(startLocalPort({ upstream: viaHttp(), port: 80 })).rejects.toMatchObject({
      kind: 'listen_failed',
      message: expect.stringContaining('EACCES'),
    });
  });
});

describe('the local password', () => {
  it('is random, URL-safe and long enough', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => makeLocalPassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it.each([viaHttp, viaSocks])('is asked for on the HTTP side (%#)', async (upstream) => {
    const localPassword = makeLocalPassword();
    const port = await open({ upstream: upstream(), localPassword });
    const without = await getThroughProxy(port.port, echo.url('/a'));
    expect(without.status).toBe(407);
    expect(without.headers['proxy-authenticate']).toMatch(/^Basic realm=/);
    const wrong = await getThroughProxy(port.port, echo.url('/a'), {
      'proxy-authorization': basic(`${LOCAL_USERNAME}:not-it`),
    });
    expect(wrong.status).toBe(407);
    const right = await getThroughProxy(port.port, echo.url('/a'), {
      'proxy-authorization': basic(`any-name:${localPassword}`),
    });
    expect(right.status).toBe(200);
  });

  it.each([viaHttp, viaSocks])(
    'is asked for on CONNECT and accepted with any username (%#)',
    async (upstream) => {
      const localPassword = makeLocalPassword();
      const port = await open({ upstream: upstream(), localPassword });
      const connect = (auth?: string) =>
        rawExchange(
          port.port,
          `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
        );
      expect(await connect()).toMatch(
        /^HTTP\/1\.1 407 [\s\S]*Proxy-Authenticate: Basic realm="Proxy Tray local port"/,
      );
      expect(await connect(basic('x:wrong'))).toMatch(/^HTTP\/1\.1 407/);
      expect(await connect(basic(`whoever:${localPassword}`))).toMatch(/^HTTP\/1\.1 200/);
      expect(
        await rawExchange(
          port.port,
          `CONNECT no-port-here HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basic(`a:${localPassword}`)}\r\n\r\n`,
        ),
      ).toMatch(/^HTTP\/1\.1 400 [\s\S]*not host:port/);
    },
  );

  it.each([viaHttp, viaSocks])(
    'answers an authorised request before refusing the unauthorised one pipelined behind it (%#)',
    async (upstream) => {
      const localPassword = makeLocalPassword();
      const port = await open({ upstream: upstream(), localPassword });
      const app = await rawApp(port.port);
      app.write(
        `GET ${echo.url('/first')} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basic(`a:${localPassword}`)}\r\n\r\n` +
          `GET ${echo.url('/second')} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      await until(() => app.socket.readableEnded || app.socket.destroyed);
      expect(app.received()).toMatch(
        /^HTTP\/1\.1 200 [\s\S]*"\/first"[\s\S]*HTTP\/1\.1 407 [\s\S]*needs its password\.$/,
      );
    },
  );

  it('makes the SOCKS side offer only username/password', async () => {
    const localPassword = makeLocalPassword();
    const port = await open({ upstream: viaSocks(), localPassword });
    const destination = { host: '127.0.0.1', port: echo.port };
    await expect(getOverSocks(port.port, destination)).rejects.toThrow(/authentication/i);
    await expect(
      getOverSocks(port.port, destination, '/', { userId: 'me', password: 'wrong' }),
    ).rejects.toThrow(/Authentication failed/);
    const answer = await getOverSocks(port.port, destination, '/ok', {
      userId: LOCAL_USERNAME,
      password: localPassword,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

it.each([viaHttp, viaSocks])(
  'sends bytes the app wrote right behind its CONNECT on through the tunnel (%#)',
  async (upstream) => {
    const port = await open({ upstream: upstream() });
    const app = await rawApp(port.port);
    app.write(
      `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n\r\nGET /early HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    await app.waitFor('"/early"');
    expect(app.received()).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 /);
    app.socket.destroy();
  },
);

describe("the client's Proxy-Authorization", () => {
  it('never reaches the upstream or the site, on plain requests and CONNECT', async () => {
    const localPassword = makeLocalPassword();
    const port = await open({ upstream: viaHttp(), localPassword });
    const clientLogin = basic(`${LOCAL_USERNAME}:${localPassword}`);
    httpUpstream.seen.length = 0;
    echo.seen.length = 0;
    const plain = await getThroughProxy(port.port, echo.url('/hop'), {
      'proxy-authorization': clientLogin,
    });
    expect(plain.status).toBe(200);
    expect(
      await rawExchange(
        port.port,
        `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${clientLogin}\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 200/);
    await until(() => httpUpstream.seen.length >= 2);
    for (const seen of httpUpstream.seen) {
      expect(seen.headers['proxy-authorization']).toBe(
        basic(`${LOGIN.username}:${LOGIN.password}`),
      );
      expect(JSON.stringify(seen.headers)).not.toContain(localPassword);
    }
    expect(echo.seen.map((seen) => seen.headers['proxy-authorization'])).toEqual([undefined]);
  });

  it('is dropped on a port without a local password too', async () => {
    const port = await open({ upstream: viaHttp() });
    httpUpstream.seen.length = 0;
    await getThroughProxy(port.port, echo.url('/hop2'), {
      'proxy-authorization': basic('app:own-secret'),
    });
    expect(httpUpstream.seen[0]?.headers['proxy-authorization']).toBe(
      basic(`${LOGIN.username}:${LOGIN.password}`),
    );
  });
});
