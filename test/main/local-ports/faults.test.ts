import { request } from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import type { UpstreamProxy } from '../../../src/main/upstream/upstream-proxy';
import { startEchoServer, type EchoServer } from '../../../tools/local-network/echo-server';
import {
  deadPort,
  startScriptedServer,
  startSilentServer,
  startSocksProxy,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import { getOverSocks, rawExchange } from './local-clients';
import { getThroughProxy, startRecordingHttpProxy, startRefusingProxy } from './recording-servers';
import { networkHandles, until } from './until';

const LOGIN = { username: 'plan-user', password: 'Upstream-Pa55word-XYZ' };
const WRONG = { username: 'plan-user', password: 'Wrong-Pa55word-XYZ' };

let echo: EchoServer;
let httpUpstream: LocalServer;
let socksUpstream: LocalServer;
let refusing: LocalServer;
let closing: LocalServer;
let silent: LocalServer;
let dead: number;

beforeAll(async () => {
  [echo, httpUpstream, socksUpstream, refusing, closing, silent, dead] = await Promise.all([
    startEchoServer(),
    startRecordingHttpProxy(LOGIN),
    startSocksProxy(LOGIN),
    startRefusingProxy(),
    startScriptedServer(''),
    startSilentServer(),
    deadPort(),
  ]);
});
afterAll(async () => {
  await Promise.all(
    [echo, httpUpstream, socksUpstream, refusing, closing, silent].map((s) => s.close()),
  );
});

const opened: LocalPort[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((port) => port.close()));
  vi.restoreAllMocks();
});
async function open(upstream: UpstreamProxy, tunnelTimeoutMs?: number): Promise<LocalPort> {
  const port = await startLocalPort({ upstream, tunnelTimeoutMs });
  opened.push(port);
  return port;
}
const at = (protocol: UpstreamProxy['protocol'], port: number, login = LOGIN): UpstreamProxy => ({
  protocol,
  host: '127.0.0.1',
  port,
  ...login,
});

/** Every way a client can use the port, each answering what it got back (or its error's text). */
async function useEveryWay(port: LocalPort): Promise<string[]> {
  const plain = await getThroughProxy(port.port, echo.url('/')).then(
    (answer) => `${answer.status} ${JSON.stringify(answer.headers)} ${answer.body}`,
    (error: Error) => error.message,
  );
  const connect = await rawExchange(
    port.port,
    `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n\r\n`,
  );
  const socks = await getOverSocks(port.port, { host: '127.0.0.1', port: echo.port }).catch(
    (error: Error) => error.message,
  );
  return [plain, connect, socks];
}

const FAULTS = [
  {
    name: 'HTTP upstream down',
    upstream: () => at('http', dead),
    words: 'the proxy could not be reached (connection refused)',
  },
  {
    name: 'SOCKS5 upstream down',
    upstream: () => at('socks5', dead),
    words: 'the proxy could not be reached (connection refused)',
  },
  {
    name: 'HTTP upstream, wrong password',
    upstream: () => at('http', httpUpstream.port, WRONG),
    words: 'the proxy refused the login (407)',
  },
  {
    name: 'a proxy answering 407 always',
    upstream: () => at('http', refusing.port),
    words: 'the proxy refused the login (407)',
  },
  {
    name: 'SOCKS5 upstream, wrong password',
    upstream: () => at('socks5', socksUpstream.port, WRONG),
    words: 'the proxy refused the login (SOCKS5)',
  },
  {
    name: 'HTTP upstream closing at once',
    upstream: () => at('http', closing.port),
    words: 'the proxy closed the connection',
  },
  {
    name: 'SOCKS5 upstream closing at once',
    upstream: () => at('socks5', closing.port),
    words: 'the proxy closed the connection',
  },
] as const;

describe.each(FAULTS)('$name', ({ upstream, words }) => {
  it('fails every way in words, and never shows the upstream password', async () => {
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    const port = await open(upstream());
    const answers = await useEveryWay(port);
    expect(answers[0]).toMatch(/^5\d\d /);
    expect(answers[0]).toContain(`Proxy Tray: ${words}.`);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 50[24] /);
    expect(answers[1]).toContain(words);
    expect(answers[2]).toMatch(/rejected|closed|failure/i);
    const stats = port.stats();
    expect(stats.lastError?.message).toBe(words);
    expect(stats.lastError?.at).toBeInstanceOf(Date);
    const surfaced = [...answers, JSON.stringify(stats), ...logged].join('\n');
    expect(surfaced).not.toContain(LOGIN.password);
    expect(surfaced).not.toContain(WRONG.password);
    expect(surfaced).not.toContain(
      Buffer.from(`${LOGIN.username}:${LOGIN.password}`).toString('base64'),
    );
    await until(async () => (await port.getConnections()) === 0);
  });
});

it('says when the upstream takes too long to open the tunnel', async () => {
  const port = await open(at('http', silent.port), 100);
  const answer = await rawExchange(
    port.port,
    `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n\r\n`,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 504 /);
  expect(port.stats().lastError?.message).toBe('the proxy did not open the connection in time');
});

it('says when a SOCKS5 upstream takes too long to open the tunnel for a plain request', async () => {
  const port = await open(at('socks5', silent.port), 100);
  const answer = await rawExchange(port.port, `GET ${echo.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n`);
  expect(answer).toMatch(/^HTTP\/1\.1 504 /);
  expect(answer).toContain('Proxy Tray: the proxy did not open the connection in time.');
  expect(port.stats().lastError?.message).toBe('the proxy did not open the connection in time');
});

describe.each(['http', 'socks5'] as const)(
  'mid-stream faults through a %s upstream',
  (protocol) => {
    const upstreamOf = () => (protocol === 'http' ? httpUpstream : socksUpstream);

    it('survives the upstream closing mid-stream, leaving nothing open', async () => {
      const port = await open(at(protocol, upstreamOf().port));
      const tunnel = getOverSocks(port.port, { host: '127.0.0.1', port: echo.port }, '/hold');
      const plain = getThroughProxy(port.port, echo.url('/hold'));
      await until(() => echo.held === 2);
      upstreamOf().sockets.destroyAll();
      await expect(tunnel.then(() => 'ended')).resolves.toBe('ended');
      await expect(plain.then((a) => a.status)).resolves.toBeGreaterThanOrEqual(500);
      echo.releaseHeld();
      await until(
        async () => (await port.getConnections()) === 0 && port.stats().openConnections === 0,
      );
    });

    it('survives a client aborting mid-body', async () => {
      const port = await open(at(protocol, upstreamOf().port));
      const outgoing = request({
        host: '127.0.0.1',
        port: port.port,
        method: 'POST',
        path: echo.url('/'),
        headers: { 'content-length': '1000000' },
        agent: false,
      });
      outgoing.on('error', () => {});
      outgoing.write('x'.repeat(300_000));
      await until(() => port.stats().bytesUp > 100_000);
      outgoing.destroy();
      await until(async () => (await port.getConnections()) === 0);
      const after = await getThroughProxy(port.port, echo.url('/'));
      expect(after.status).toBe(200);
    });
  },
);

it('takes 1,000 connect/close cycles without a crash or a handle left open', async () => {
  const before = networkHandles();
  const port = await startLocalPort({ upstream: at('http', httpUpstream.port) });
  for (let round = 0; round < 1_000; round += 1) {
    const socket = net.connect(port.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    // Every other cycle sends the start of something first: SOCKS, HTTP, CONNECT, garbage.
    if (round % 2 === 1)
      socket.write(['\x05', 'GET http://', 'CONNECT ', '\x00\xff'][round % 4] ?? '');
    socket.destroy();
  }
  await until(async () => (await port.getConnections()) === 0);
  expect(port.stats()).toMatchObject({ openConnections: 0, totalConnections: 1_000 });
  await port.close();
  await until(() => networkHandles() <= before);
  expect(networkHandles()).toBeLessThanOrEqual(before);
});

it('close() ends every open connection on both sides and resolves when all is closed', async () => {
  const before = networkHandles();
  const port = await startLocalPort({ upstream: at('http', httpUpstream.port) });
  const tunnel = getOverSocks(port.port, { host: '127.0.0.1', port: echo.port }, '/hold').catch(
    () => 'gone',
  );
  const plain = getThroughProxy(port.port, echo.url('/hold')).catch(() => 'gone');
  const idle = net.connect(port.port, '127.0.0.1');
  idle.on('error', () => {});
  await until(() => echo.held === 2 && port.stats().openConnections === 3);
  await port.close();
  await port.close();
  await Promise.all([tunnel, plain]);
  echo.releaseHeld();
  await until(() => idle.destroyed);
  await until(() => networkHandles() <= before);
  expect(networkHandles()).toBeLessThanOrEqual(before);
});
