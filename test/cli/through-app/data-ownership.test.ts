import { describe, expect, it } from 'vitest';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { finished, runCli, startCli, complaintsOf } from '../support/cli-process';
import { keychainEntriesOf, printed, useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);

/** The demo account for this command alone, given as a script would (memory only, no keychain). */
function withToken(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    PROXY_TRAY_TOKEN: api().tokenFor('demo'),
    PROXY_TRAY_SERVICE_URL: api().baseUrl,
  };
}

/** A foreground `proxy-tray port` with no app running: it holds the data until stopped. */
async function startForegroundPort() {
  const proxyId = api().store.account('demo')?.plans[0]?.proxies[0]?.id;
  if (proxyId === undefined) throw new Error('No demo proxy');
  const child = app.track(startCli(['port', String(proxyId)], { env: withToken(app.place().env) }));
  const address = await printed(child, /^http:\/\/127\.0\.0\.1:\d+\n/);
  return { child, address, ended: finished(child) };
}

/** Command-line access as saved in the data folder's settings, where a standalone proxy-tray reads it. */
async function saveAccess(access: boolean): Promise<void> {
  const harness = await app.startApp({ signedIn: false, access });
  await harness.close();
}

describe.runIf(process.platform !== 'win32')("who owns the app's data", () => {
  it('a foreground `port` holds it: the app fails naming it, and starts once it was stopped', async () => {
    const port = await startForegroundPort();
    await expect(app.startApp({ deadlineMs: 600 })).rejects.toThrow(
      `The command line (pid ${port.child.pid}) is using Proxy Tray's data`,
    );
    port.child.kill('SIGTERM');
    expect((await port.ended).code).toBe(0);
    const harness = await app.startApp({ deadlineMs: 600 });
    expect(harness.services.session.status().state).toBe('active');
  });

  it("the app first: the command line uses it, with the app's memory-only sign-in, and opens no data of its own", async () => {
    const harness = await app.startApp({ access: true });
    // No token given to the command, none in the keychain: only the app can answer.
    const run = await runCli(['accounts', '--json'], { env: app.place().env });
    expect({ code: run.code, complaints: complaintsOf(run) }).toEqual({ code: 0, complaints: '' });
    const accounts = JSON.parse(run.stdout) as { id: string }[];
    const appAccount = harness.services.session.status().account;
    expect(appAccount).toBeDefined();
    expect(accounts.map((account) => account.id)).toEqual([appAccount?.id]);
    expect(await keychainEntriesOf(app.place())).toEqual([]);
  });

  it('a second command while a foreground `port` runs is answered by it when access is on', async () => {
    await saveAccess(true);
    const port = await startForegroundPort();
    // No token for this one: it is the `port` process's account that answers.
    const run = await runCli(['proxies', '--json'], { env: app.place().env });
    expect({ code: run.code, complaints: complaintsOf(run) }).toEqual({ code: 0, complaints: '' });
    const listed = JSON.parse(run.stdout) as { id: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(port.child.exitCode).toBeNull();
    port.child.kill('SIGTERM');
    expect((await port.ended).code).toBe(0);
  });

  it('a second command while a foreground `port` runs with access off waits for it, then fails naming it', async () => {
    await saveAccess(false);
    const port = await startForegroundPort();
    // It waits (10 s) for the data to be free, which it is not.
    const run = await runCli(['proxies', '--json'], { env: app.place().env });
    expect(run).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr: `proxy-tray: Another proxy-tray (pid ${port.child.pid}) is using Proxy Tray's data, and command-line access is off, so it cannot answer for this command: wait for it to end, or turn on Settings → Command-line access in Proxy Tray.\n`,
    });
    port.child.kill('SIGTERM');
    expect((await port.ended).code).toBe(0);
  }, 30_000);
});
