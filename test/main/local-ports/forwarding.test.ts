import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import type { UpstreamProxy } from '../../../src/main/upstream/upstream-proxy';
import { startEchoServer, type EchoServer } from '../../../tools/local-network/echo-server';
import {
  startSocksProxy,
  startUntrustedTlsEcho,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import { getOverSocks, httpsThroughConnect } from './local-clients';
import {
  getThroughProxy,
  startHeaderEcho,
  startRecordingHttpProxy,
  type HeaderEcho,
} from './recording-servers';

const LOGIN = { username: 'plan-user', password: 'upstream-Secret-7' };

let headerEcho: HeaderEcho;
let echo: EchoServer;
let tlsEcho: LocalServer;

beforeAll(async () => {
  [headerEcho, echo, tlsEcho] = await Promise.all([
    startHeaderEcho(),
    // Dual stack: a tunnel below goes to it over IPv6.
    startEchoServer('::'),
    startUntrustedTlsEcho(),
  ]);
});
afterAll(async () => {
  await Promise.all([headerEcho.close(), echo.close(), tlsEcho.close()]);
});

/** One upstream of each protocol, on IPv4 and on IPv6 loopback. */
const UPSTREAMS = [
  { protocol: 'http', host: '127.0.0.1' },
  { protocol: 'http', host: '::1' },
  { protocol: 'socks5', host: '127.0.0.1' },
  { protocol: 'socks5', host: '::1' },
] as const;

describe.each(UPSTREAMS)('through a $protocol upstream at $host', ({ protocol, host }) => {
  let upstreamServer: LocalServer;
  let local: LocalPort;

  beforeAll(async () => {
    upstreamServer =
      protocol === 'http'
        ? await startRecordingHttpProxy(LOGIN, host)
        : await startSocksProxy(LOGIN, host);
    const upstream: UpstreamProxy = { protocol, host, port: upstreamServer.port, ...LOGIN };
    local = await startLocalPort({ upstream });
  });
  afterAll(async () => {
    await local.close();
    await upstreamServer.close();
  });

  it('forwards a plain HTTP request from the local HTTP side', async () => {
    const before = upstreamServer.sockets.accepted;
    const answer = await getThroughProxy(local.port, headerEcho.url('/plain?x=1'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ method: 'GET', url: '/plain?x=1' });
    expect(upstreamServer.sockets.accepted).toBeGreaterThan(before);
  });

  it('forwards a POST body both ways', async () => {
    const { request } = await import('node:http');
    const body = 'x'.repeat(100_000);
    const text = await new Promise<string>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: local.port,
          method: 'POST',
          path: headerEcho.url('/upload'),
          headers: { 'content-length': String(body.length) },
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString()));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    expect(JSON.parse(text)).toMatchObject({ method: 'POST', url: '/upload' });
    expect(local.stats().bytesUp).toBeGreaterThan(100_000);
  });

  it('tunnels HTTPS through CONNECT', async () => {
    const text = await httpsThroughConnect(local.port, `https://localhost:${tlsEcho.port}/`);
    expect(text).toBe('127.0.0.1\n');
  });

  it('tunnels from the local SOCKS5 side to an IPv4 address, a host name and an IPv6 address', async () => {
    const v4 = await getOverSocks(local.port, { host: '127.0.0.1', port: echo.port });
    expect(v4).toMatch(/^HTTP\/1\.1 200/);
    const name = await getOverSocks(local.port, { host: 'localhost', port: headerEcho.port }, '/n');
    expect(name).toMatch(/^HTTP\/1\.1 200/);
    const v6 = await getOverSocks(local.port, { host: '::1', port: echo.port });
    expect(v6).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n::1\n/);
  });

  it('counts connections and bytes', async () => {
    await getThroughProxy(local.port, headerEcho.url('/count'));
    const stats = local.stats();
    expect(stats.totalConnections).toBeGreaterThanOrEqual(5);
    expect(stats.bytesDown).toBeGreaterThan(0);
    expect(stats.bytesUp).toBeGreaterThan(0);
    expect(stats.lastError).toBeNull();
  });
});
