import { describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { useReachableDemoPlan } from '../../main/local-ports/reachable-plan-fixture';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { finished, runCli, startCli } from '../support/cli-process';
import { useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);
const reachable = useReachableDemoPlan(api);

interface CheckRecord {
  id: number;
  ok: boolean;
  exit_ip?: string;
}

describe.runIf(process.platform !== 'win32')('proxy-tray check through the running app', () => {
  it("runs in the app, whose popup shows it, and prints each proxy's result", async () => {
    const harness = await app.startApp({ access: true });
    harness.services.settings.update({ checkEchoUrl: reachable().echo.url('/') });
    const [first, second] = [reachable().proxyAt(0), reachable().proxyAt(1)];
    const run = await runCli(['check', String(first.id), String(second.id), '--json'], {
      env: app.place().env,
    });
    expect(run.code).toBe(EXIT.done);
    const records = JSON.parse(run.stdout) as CheckRecord[];
    expect(records.map((record) => [record.id, record.ok])).toEqual([
      [first.id, true],
      [second.id, true],
    ]);
    expect(records[0]?.exit_ip).toMatch(/127\.0\.0\.1/);
    // The app's own record of the run: the popup's check column shows the same results.
    const entries = harness.services.checks.view().entries;
    expect(entries.find((entry) => entry.proxyId === first.id)?.last?.ok).toBe(true);
  });

  it('Ctrl+C cancels the run it started in the app: exit 130, the app checking nothing more', async () => {
    const harness = await app.startApp({ access: true });
    const { echo } = reachable();
    harness.services.settings.update({ checkEchoUrl: echo.url('/hold') });
    const proxy = reachable().proxyAt(0);
    const child = app.track(startCli(['check', String(proxy.id)], { env: app.place().env }));
    const run = finished(child);
    await vi.waitFor(() => expect(echo.held).toBe(1), { timeout: 15_000 });
    expect(harness.services.checks.view().run).toMatchObject({ total: 1, done: 0 });

    child.kill('SIGINT');
    const ended = await run;
    expect(ended.code).toBe(EXIT.stopped);
    expect(ended.stdout).toBe('');
    expect(ended.stderr).toContain('Stopped: the check was cancelled after 0 of 1.');
    expect(harness.services.checks.view().run).toBeNull();
    await vi.waitFor(() => expect(echo.held).toBe(0));
  });
});
