import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { launchThroughPort, requireChromium } from '../../e2e/support/chromium';
import {
  startHeaderEcho,
  startRecordingHttpProxy,
  type HeaderEcho,
  type RecordingProxy,
} from './recording-servers';

const run = promisify(execFile);
const LOGIN = { username: 'plan-user', password: 'Real-Clients-Secret-42' };
const UPSTREAM_LOGIN = `Basic ${Buffer.from(`${LOGIN.username}:${LOGIN.password}`).toString('base64')}`;
const CURL = '/usr/bin/curl';

let echo: HeaderEcho;
let upstream: RecordingProxy;
let local: LocalPort;

beforeAll(async () => {
  [echo, upstream] = await Promise.all([startHeaderEcho(), startRecordingHttpProxy(LOGIN)]);
  local = await startLocalPort({
    upstream: { protocol: 'http', host: '127.0.0.1', port: upstream.port, ...LOGIN },
  });
});
afterAll(async () => {
  await local.close();
  await Promise.all([echo.close(), upstream.close()]);
});

/** What the upstream saw since `from`: the requests it took, each with the plan's login. */
function upstreamSawSince(from: number) {
  const seen = upstream.seen.slice(from);
  expect(seen.length).toBeGreaterThan(0);
  for (const request of seen) expect(request.headers['proxy-authorization']).toBe(UPSTREAM_LOGIN);
  return seen;
}

describe('curl', () => {
  beforeAll(() => {
    if (!existsSync(CURL)) {
      throw new Error(
        `curl is missing at ${CURL}: install the apt package "curl" (apt-get install -y curl).`,
      );
    }
  });

  it('fetches through the local HTTP side (-x http://)', async () => {
    const from = upstream.seen.length;
    const { stdout } = await run(CURL, [
      '-sS',
      '--noproxy',
      '',
      '-x',
      `http://127.0.0.1:${local.port}`,
      echo.url('/curl-http'),
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ url: '/curl-http' });
    expect(upstreamSawSince(from)[0]).toMatchObject({ method: 'GET', url: echo.url('/curl-http') });
  });

  it('fetches through the local SOCKS5 side (--socks5-hostname)', async () => {
    const from = upstream.seen.length;
    const { stdout } = await run(CURL, [
      '-sS',
      '--noproxy',
      '',
      '--socks5-hostname',
      `127.0.0.1:${local.port}`,
      `http://localhost:${echo.port}/curl-socks`,
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ url: '/curl-socks' });
    // The host name went to the upstream unresolved (remote DNS).
    expect(upstreamSawSince(from)[0]).toMatchObject({
      method: 'CONNECT',
      url: `localhost:${echo.port}`,
    });
  });
});

describe('Chromium', () => {
  beforeAll(() => requireChromium());

  it.each(['http', 'socks5'] as const)(
    'loads a page through --proxy-server=%s://127.0.0.1:PORT',
    async (scheme) => {
      const browser = await launchThroughPort(scheme, local.port);
      try {
        const from = upstream.seen.length;
        const connectionsBefore = local.stats().totalConnections;
        const page = await browser.newPage();
        const path = `/chromium-${scheme}`;
        await page.goto(echo.url(path));
        const arrived = JSON.parse((await page.textContent('body')) ?? '{}') as { url: string };
        expect(arrived.url).toBe(path);
        expect(local.stats().totalConnections).toBeGreaterThan(connectionsBefore);
        const seen = upstreamSawSince(from);
        expect(seen.map((request) => request.method)).toContain(
          scheme === 'http' ? 'GET' : 'CONNECT',
        );
        if (scheme === 'http') expect(echo.seen.at(-1)?.headers.via).toMatch(/proxy\//);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
