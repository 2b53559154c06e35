import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_USERNAME } from '../../../src/main/local-ports/local-password';
import { startEchoServer, type EchoServer } from '../../../tools/local-network/echo-server';
import {
  startHttpProxyAccepting,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import type { Proxy } from '../../../tools/reference-service/records';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli } from '../support/cli-process';
import { useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);
let echo: EchoServer;
let upstream: LocalServer;
/** A demo plan whose proxies point at a real proxy on this computer. */
let reachable: Proxy[] = [];

beforeAll(async () => {
  echo = await startEchoServer();
  const plan = api()
    .store.account('demo')
    ?.plans.find((candidate) => !candidate.is_blocked);
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

/** A plain proxy request for the echo, sent to a local port as an app sends it. */
function getThrough(port: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: echo.url('/'), headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe.runIf(process.platform !== 'win32')('proxy-tray port through the running app', () => {
  it("prints the app's local port and exits at once; the port stays open in the app and works", async () => {
    const harness = await app.startApp({ access: true });
    const proxy = reachable[0];
    if (!proxy) throw new Error('No reachable proxy');
    const run = await runCli(['port', String(proxy.id)], { env: app.place().env });
    expect(run.code).toBe(0);
    const [open] = harness.services.localPorts.list();
    expect(open?.proxyId).toBe(proxy.id);
    expect(run.stdout).toBe(`http://127.0.0.1:${open?.port}\n`);
    // The command has ended: the app holds the port, which reaches the web through the proxy.
    expect(await getThrough(open?.port ?? 0)).toEqual({
      status: 200,
      body: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('--password prints an address with the local password, and the port refuses apps without it', async () => {
    const harness = await app.startApp({ access: true });
    const proxy = reachable[1];
    if (!proxy) throw new Error('No reachable proxy');
    const run = await runCli(['port', String(proxy.id), '--password'], { env: app.place().env });
    expect(run.code).toBe(0);
    const printed = new URL(run.stdout.trim());
    const [open] = harness.services.localPorts.list();
    expect(open).toMatchObject({ proxyId: proxy.id, requiresPassword: true });
    expect(printed.port).toBe(String(open?.port));
    expect(printed.username).toBe(LOCAL_USERNAME);
    expect(printed.password.length).toBeGreaterThanOrEqual(16);
    // The upstream's own password is not what is printed: apps get the local one only.
    expect(run.stdout).not.toContain(proxy.password);

    expect((await getThrough(open?.port ?? 0)).status).toBe(407);
    const login = Buffer.from(
      `${printed.username}:${decodeURIComponent(printed.password)}`,
    ).toString('base64');
    expect(
      await getThrough(open?.port ?? 0, { 'proxy-authorization': `Basic ${login}` }),
    ).toMatchObject({ status: 200 });
  });
});
