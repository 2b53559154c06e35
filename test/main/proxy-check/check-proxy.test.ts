import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkProxy,
  type CheckOptions,
  type CheckTarget,
} from '../../../src/main/proxy-check/check-proxy';
import { CHECK_PROTOCOLS, type CheckProtocol } from '../../../src/shared/proxy-check/check-reasons';
import {
  proxyCheckResultSchema,
  type ProxyCheckResult,
} from '../../../src/shared/views/check-view';
import { PROXY_CREDENTIALS, targetAt, useCheckServers } from './check-servers-fixture';
import {
  deadPort,
  startScriptedServer,
  startSilentServer,
  startUntrustedTlsEcho,
  startVerboseRefusalSocksProxy,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';

const servers = useCheckServers();

/** Small enough to keep the suite quick, large enough for a loaded 2-core machine. */
const SHORT_TIMEOUT_MS = 300;

let silent: LocalServer;
let badGateway: LocalServer;
let hangUp: LocalServer;
let untrustedTls: LocalServer;
let verboseSocks: LocalServer;
let refusedPort: number;
beforeAll(async () => {
  silent = await startSilentServer();
  badGateway = await startScriptedServer('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
  hangUp = await startScriptedServer('');
  untrustedTls = await startUntrustedTlsEcho();
  verboseSocks = await startVerboseRefusalSocksProxy();
  refusedPort = await deadPort();
});
afterAll(async () => {
  for (const server of [silent, badGateway, hangUp, untrustedTls, verboseSocks]) {
    await server.close();
  }
});

function proxyFor(protocol: CheckProtocol): LocalServer {
  return protocol === 'http' ? servers().httpProxy : servers().socksProxy;
}

/** Runs a check and validates the result against the shared schema the popup relies on. */
async function check(
  target: CheckTarget,
  options: Partial<CheckOptions> & Pick<CheckOptions, 'protocol'>,
): Promise<ProxyCheckResult> {
  const result = await checkProxy(target, {
    echoUrl: servers().echo.url('/'),
    timeoutMs: 5_000,
    ...options,
  });
  return proxyCheckResultSchema.parse(result);
}

function failureOf(result: ProxyCheckResult) {
  if (result.ok) throw new Error(`Expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

describe.each(CHECK_PROTOCOLS)('checking through a %s proxy', (protocol) => {
  it('reports the exit address, its match with the assigned IPv4 and the latencies', async () => {
    const result = await check(targetAt(proxyFor(protocol)), { protocol });
    expect(result).toMatchObject({
      ok: true,
      protocol,
      // The dual-stack echo saw ::ffff:127.0.0.1; the result holds the IPv4 address it carries.
      exitIp: '127.0.0.1',
      exitIpMatches: 'ipv4',
    });
    if (!result.ok) return;
    expect(result.connectMs).toBeLessThanOrEqual(result.totalMs);
    // The proxy really carried the request: the echo saw a connection, through the proxy.
    expect(proxyFor(protocol).sockets.accepted).toBe(1);
    expect(servers().echo.sockets.accepted).toBe(1);
  });

  it('says "none" when the exit address is not an assigned one', async () => {
    const target = targetAt(proxyFor(protocol), { assignedIpv4: '203.0.113.9' });
    expect(await check(target, { protocol })).toMatchObject({
      ok: true,
      exitIp: '127.0.0.1',
      exitIpMatches: 'none',
    });
  });

  it('matches an IPv6 exit with the assigned IPv6 address in another spelling', async () => {
    const target = targetAt(proxyFor(protocol), { assignedIpv6: '0:0:0:0:0:0:0:0001' });
    const result = await check(target, { protocol, echoUrl: servers().echo.url('/', '[::1]') });
    expect(result).toMatchObject({ ok: true, exitIp: '::1', exitIpMatches: 'ipv6' });
  });

  it.each(['/json', '/origin'])('reads the address from a JSON echo (%s)', async (path) => {
    const result = await check(targetAt(proxyFor(protocol)), {
      protocol,
      echoUrl: servers().echo.url(path),
    });
    expect(result).toMatchObject({ ok: true, exitIp: '127.0.0.1', exitIpMatches: 'ipv4' });
  });

  it('sends a password holding URL delimiters intact', async () => {
    // The proxies compare the decoded pair; a mangled password would be refused.
    expect(PROXY_CREDENTIALS.password).toMatch(/[%:@/#?&=]/);
    expect(await check(targetAt(proxyFor(protocol)), { protocol })).toMatchObject({ ok: true });
  });

  it('reports a refused password as auth_refused', async () => {
    const target = targetAt(proxyFor(protocol), { password: 'not-the-password' });
    const result = failureOf(await check(target, { protocol }));
    expect(result.reason).toBe('auth_refused');
    expect(result.message).toContain(`${target.host}:${target.port}`);
    expect(result.message).toContain('refused the username or password');
  });

  it('reports missing credentials as auth_refused', async () => {
    const target = targetAt(proxyFor(protocol), { username: '', password: '' });
    expect(failureOf(await check(target, { protocol })).reason).toBe('auth_refused');
  });

  it('reports a port nobody listens on as connection_refused', async () => {
    const target = targetAt({ host: '127.0.0.1', port: refusedPort });
    const result = failureOf(await check(target, { protocol }));
    expect(result.reason).toBe('connection_refused');
    expect(result.message).toBe(
      `Nothing accepts connections at the proxy 127.0.0.1:${refusedPort} (connection refused).`,
    );
  });

  it('gives up on a silent proxy at the deadline, closing its connection', async () => {
    const result = failureOf(
      await check(targetAt(silent), { protocol, timeoutMs: SHORT_TIMEOUT_MS }),
    );
    expect(result.reason).toBe('timeout');
    expect(result.message).toBe(
      `The proxy 127.0.0.1:${silent.port} did not complete the check within 300 ms.`,
    );
    await vi.waitFor(() => expect(silent.sockets.open).toBe(0));
  });

  it('gives up at the deadline when the echo service never answers', async () => {
    const result = failureOf(
      await check(targetAt(proxyFor(protocol)), {
        protocol,
        timeoutMs: SHORT_TIMEOUT_MS,
        echoUrl: servers().echo.url('/hold'),
      }),
    );
    expect(result.reason).toBe('timeout');
    await vi.waitFor(() => expect(servers().echo.held).toBe(0));
  });

  it('reports an error status from the echo service as echo_error', async () => {
    const result = failureOf(
      await check(targetAt(proxyFor(protocol)), {
        protocol,
        echoUrl: servers().echo.url('/status/500'),
      }),
    );
    expect(result.reason).toBe('echo_error');
    expect(result.message).toContain('HTTP 500');
  });

  it.each(['/garbage', '/huge'])('reports an echo without an address (%s)', async (path) => {
    const result = failureOf(
      await check(targetAt(proxyFor(protocol)), { protocol, echoUrl: servers().echo.url(path) }),
    );
    expect(result.reason).toBe('echo_error');
    expect(result.message).toContain('holds no IP address');
  });

  it('reports a TLS handshake failure with the echo service as tls', async () => {
    const echoUrl = servers().echo.url('/').replace('http:', 'https:');
    const result = failureOf(await check(targetAt(proxyFor(protocol)), { protocol, echoUrl }));
    expect(result.reason).toBe('tls');
  });

  it('reports an untrusted echo certificate as tls', async () => {
    const echoUrl = `https://localhost:${untrustedTls.port}/`;
    const result = failureOf(await check(targetAt(proxyFor(protocol)), { protocol, echoUrl }));
    expect(result.reason).toBe('tls');
    expect(result.message).toContain('certificate');
  });

  it('reports a proxy that closes without answering as proxy_error', async () => {
    const result = failureOf(await check(targetAt(hangUp), { protocol }));
    expect(result.reason).toBe('proxy_error');
  });

  it('reports an echo host the proxy cannot reach as a proxy refusal', async () => {
    const echoUrl = `http://127.0.0.1:${refusedPort}/`;
    const result = failureOf(await check(targetAt(proxyFor(protocol)), { protocol, echoUrl }));
    expect(result.reason).toBe('proxy_error');
  });
});

describe('failures particular to one protocol', () => {
  it('reports a CONNECT answered with 502 as proxy_error', async () => {
    const result = failureOf(await check(targetAt(badGateway), { protocol: 'http' }));
    expect(result).toMatchObject({
      reason: 'proxy_error',
      message: `The proxy 127.0.0.1:${badGateway.port} would not open a tunnel to the echo service (HTTP 502).`,
    });
  });

  it('reports an echo host the HTTP proxy cannot resolve as dns', async () => {
    // The `proxy` package answers CONNECT to an unresolvable host with 404.
    const result = failureOf(
      await check(targetAt(servers().httpProxy), {
        protocol: 'http',
        echoUrl: 'http://echo.invalid/',
      }),
    );
    expect(result.reason).toBe('dns');
    expect(result.message).toContain('echo.invalid');
  });

  it('reports an echo host the SOCKS5 proxy cannot resolve as its refusal', async () => {
    // socks5h: the proxy resolves the name, and simple-socks replies "network unreachable".
    const result = failureOf(
      await check(targetAt(servers().socksProxy), {
        protocol: 'socks5',
        echoUrl: 'http://echo.invalid/',
      }),
    );
    expect(result).toMatchObject({
      reason: 'proxy_error',
      message: `The proxy 127.0.0.1:${servers().socksProxy.port} would not connect to the echo service (SOCKS5 reply: network unreachable).`,
    });
  });

  it('reports a SOCKS5 server garbling its refusal as proxy_error', async () => {
    const result = failureOf(await check(targetAt(verboseSocks), { protocol: 'socks5' }));
    expect(result.reason).toBe('proxy_error');
  });

  it('reports an HTTP proxy spoken to as SOCKS5 as proxy_error', async () => {
    const result = failureOf(await check(targetAt(servers().httpProxy), { protocol: 'socks5' }));
    expect(result).toMatchObject({
      reason: 'proxy_error',
      message: expect.stringContaining('SOCKS5'),
    });
  });

  it('reports a SOCKS5 proxy spoken to as HTTP as proxy_error', async () => {
    const result = failureOf(await check(targetAt(servers().socksProxy), { protocol: 'http' }));
    expect(result.reason).toBe('proxy_error');
  });
});

describe('the echo URL', () => {
  it.each(['not a url', 'ftp://example.com/', ''])('rejects %j as echo_error', async (echoUrl) => {
    const result = failureOf(
      await check(targetAt(servers().httpProxy), { protocol: 'http', echoUrl }),
    );
    expect(result.reason).toBe('echo_error');
    // Nothing was sent anywhere.
    expect(servers().httpProxy.sockets.accepted).toBe(0);
  });
});

describe('the password never shows', () => {
  const password = PROXY_CREDENTIALS.password;
  const traces = [
    password,
    encodeURIComponent(password),
    Buffer.from(`${PROXY_CREDENTIALS.username}:${password}`).toString('base64'),
  ];

  it('in any kind of result', async () => {
    const { echo, httpProxy, socksProxy } = servers();
    const cases: [CheckTarget, Partial<CheckOptions> & Pick<CheckOptions, 'protocol'>][] = [];
    for (const protocol of CHECK_PROTOCOLS) {
      const proxy = proxyFor(protocol);
      cases.push(
        [targetAt(proxy), { protocol }],
        [targetAt(proxy, { username: 'someone-else' }), { protocol }],
        [targetAt({ host: '127.0.0.1', port: refusedPort }), { protocol }],
        [targetAt(silent), { protocol, timeoutMs: SHORT_TIMEOUT_MS }],
        [targetAt(badGateway), { protocol }],
        [targetAt(hangUp), { protocol }],
        [targetAt(proxy), { protocol, echoUrl: 'http://echo.invalid/' }],
        [targetAt(proxy), { protocol, echoUrl: echo.url('/status/502') }],
        [targetAt(proxy), { protocol, echoUrl: echo.url('/garbage') }],
        [targetAt(proxy), { protocol, echoUrl: `https://localhost:${untrustedTls.port}/` }],
        [targetAt(proxy), { protocol, echoUrl: 'nope' }],
      );
    }
    cases.push([targetAt(verboseSocks), { protocol: 'socks5' }]);
    cases.push([targetAt(httpProxy), { protocol: 'socks5' }]);
    cases.push([targetAt(socksProxy), { protocol: 'http' }]);

    const results = await Promise.all(cases.map(([target, options]) => check(target, options)));
    const reasons = new Set(results.map((result) => (result.ok ? 'ok' : result.reason)));
    // Every reason the local servers can produce, so no message kind escapes the assertion.
    expect([...reasons].sort()).toEqual(
      [
        'ok',
        'auth_refused',
        'connection_refused',
        'timeout',
        'proxy_error',
        'dns',
        'echo_error',
        'tls',
      ].sort(),
    );
    for (const trace of traces) expect(JSON.stringify(results)).not.toContain(trace);
  });
});

describe('cancelling', () => {
  it('rejects with the signal reason and closes the connection to the proxy', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the user');
    const pending = checkProxy(targetAt(silent), {
      echoUrl: servers().echo.url('/'),
      protocol: 'http',
      timeoutMs: 30_000,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(silent.sockets.open).toBe(1));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await vi.waitFor(() => expect(silent.sockets.open).toBe(0));
  });

  it.each(CHECK_PROTOCOLS)('closes an open %s tunnel at once', async (protocol) => {
    const controller = new AbortController();
    const pending = checkProxy(targetAt(proxyFor(protocol)), {
      echoUrl: servers().echo.url('/hold'),
      protocol,
      timeoutMs: 30_000,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(servers().echo.held).toBe(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(proxyFor(protocol).sockets.open).toBe(0));
    await vi.waitFor(() => expect(servers().echo.held).toBe(0));
  });

  it('lets a stalled SOCKS5 handshake go by the deadline at the latest', async () => {
    // The socks client takes no signal: its socket ends at its own timeout, the check's.
    const controller = new AbortController();
    const pending = checkProxy(targetAt(silent), {
      echoUrl: servers().echo.url('/'),
      protocol: 'socks5',
      timeoutMs: SHORT_TIMEOUT_MS,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(silent.sockets.open).toBe(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(silent.sockets.open).toBe(0));
  });

  it('rejects at once when the signal is already aborted, connecting nowhere', async () => {
    const reason = new Error('too late');
    await expect(
      checkProxy(targetAt(servers().httpProxy), {
        echoUrl: servers().echo.url('/'),
        protocol: 'http',
        timeoutMs: 5_000,
        signal: AbortSignal.abort(reason),
      }),
    ).rejects.toBe(reason);
    expect(servers().httpProxy.sockets.accepted).toBe(0);
  });

  it('does not touch a check that finished', async () => {
    const controller = new AbortController();
    const result = await checkProxy(targetAt(servers().httpProxy), {
      echoUrl: servers().echo.url('/'),
      protocol: 'http',
      timeoutMs: 5_000,
      signal: controller.signal,
    });
    controller.abort();
    expect(result.ok).toBe(true);
  });
});

describe('the clock', () => {
  it('takes latencies and checkedAt from an injected clock', async () => {
    let tick = Date.parse('2030-01-02T03:04:05.000Z');
    // Every reading advances 10.4 ms: start, tunnel open, end, checkedAt.
    const now = () => (tick += 10.4);
    const result = await checkProxy(targetAt(servers().socksProxy), {
      echoUrl: servers().echo.url('/'),
      protocol: 'socks5',
      timeoutMs: 5_000,
      now,
    });
    expect(result).toEqual({
      ok: true,
      protocol: 'socks5',
      exitIp: '127.0.0.1',
      exitIpMatches: 'ipv4',
      connectMs: 10,
      totalMs: 21,
      checkedAt: '2030-01-02T03:04:05.041Z',
    });
  });

  it('stamps a failure with the injected clock too', async () => {
    const now = () => Date.parse('2030-01-02T03:04:05.000Z');
    const result = await checkProxy(targetAt(servers().httpProxy), {
      echoUrl: 'nope',
      protocol: 'http',
      timeoutMs: 5_000,
      now,
    });
    expect(result.checkedAt).toBe('2030-01-02T03:04:05.000Z');
  });
});
