import { describe, expect, it } from 'vitest';
import { getThrough } from '../../main/local-ports/get-through';
import { useReachableDemoPlan } from '../../main/local-ports/reachable-plan-fixture';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli } from '../support/cli-process';
import { useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);
const reachable = useReachableDemoPlan(api);
const echoUrl = () => reachable().echo.url('/');

describe.runIf(process.platform !== 'win32')('proxy-tray pool through the running app', () => {
  it("prints the app's pool port and exits at once; the pool stays open in the app and works", async () => {
    const harness = await app.startApp({ access: true });
    const plan = api()
      .store.account('demo')
      ?.plans.find((candidate) => candidate.proxies.includes(reachable().proxyAt(0)));
    const run = await runCli(['pool', '--plan', String(plan?.id), '--strategy', 'random'], {
      env: app.place().env,
    });
    expect(run.code).toBe(0);
    const [open] = harness.services.pools.list();
    expect(open).toMatchObject({
      source: { kind: 'plan', planId: plan?.id },
      strategy: 'random',
      memberCount: plan?.proxies.length,
    });
    expect(run.stdout).toBe(`http://127.0.0.1:${open?.port}\n`);
    // The command has ended: the app holds the pool, which reaches the web through the plan.
    expect(await getThrough(open?.port ?? 0, echoUrl())).toEqual({
      status: 200,
      body: expect.stringMatching(/127\.0\.0\.1/),
    });
  });
});
