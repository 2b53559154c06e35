import { describe, expect, it } from 'vitest';
import { LOCAL_USERNAME } from '../../../src/main/local-ports/local-password';
import { getThrough } from '../../main/local-ports/get-through';
import { useReachableDemoPlan } from '../../main/local-ports/reachable-plan-fixture';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli } from '../support/cli-process';
import { useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);
const reachable = useReachableDemoPlan(api);
const echoUrl = () => reachable().echo.url('/');

describe.runIf(process.platform !== 'win32')('proxy-tray port through the running app', () => {
  it("prints the app's local port and exits at once; the port stays open in the app and works", async () => {
    const harness = await app.startApp({ access: true });
    const proxy = reachable().proxyAt(0);
    const run = await runCli(['port', String(proxy.id)], { env: app.place().env });
    expect(run.code).toBe(0);
    const [open] = harness.services.localPorts.list();
    expect(open?.proxyId).toBe(proxy.id);
    expect(run.stdout).toBe(`http://127.0.0.1:${open?.port}\n`);
    // The command has ended: the app holds the port, which reaches the web through the proxy.
    expect(await getThrough(open?.port ?? 0, echoUrl())).toEqual({
      status: 200,
      body: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('--password prints an address with the local password, and the port refuses apps without it', async () => {
    const harness = await app.startApp({ access: true });
    const proxy = reachable().proxyAt(1);
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

    expect((await getThrough(open?.port ?? 0, echoUrl())).status).toBe(407);
    const login = Buffer.from(
      `${printed.username}:${decodeURIComponent(printed.password)}`,
    ).toString('base64');
    expect(
      await getThrough(open?.port ?? 0, echoUrl(), { 'proxy-authorization': `Basic ${login}` }),
    ).toMatchObject({ status: 200 });
  });
});
