import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { finished, type CliRun } from '../cli/support/cli-process';
import { accountOf } from '../e2e/support/popup-ui';
import { cliExecutableOf, requireSmokeApp } from './support/smoke-app';
import { expect, test } from './support/smoke-fixtures';

// The packaged app's own `proxy-tray` (scripts/cli-executable/), run as a user runs it on each OS:
// without a Node.js of theirs, through the OS keychain with the app's keytar.

function runInstalledCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<CliRun> {
  const child = spawn(cliExecutableOf(requireSmokeApp(), process.platform), args, { env });
  child.stdin.end(input);
  return finished(child);
}

test("the installed proxy-tray: its version, then sign-in to the keychain and the account's proxies", async ({
  api,
}) => {
  const base = await mkdtemp(join(tmpdir(), 'pt-smoke-cli-'));
  const env = {
    ...process.env,
    PROXY_TRAY_DATA_DIR: join(base, 'data'),
    PROXY_TRAY_RUNTIME_DIR: join(base, 'run'),
  };
  try {
    const version = await runInstalledCli(['--version'], env);
    expect(version).toMatchObject({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
    const login = await runInstalledCli(
      ['login', '--service-url', api.baseUrl, '--token-stdin'],
      env,
      `${api.tokenFor('demo')}\n`,
    );
    expect(login.stderr).toContain('Signed in as');
    expect(login.code).toBe(0);
    const listed = await runInstalledCli(['proxies', '--format', '{ip}:{port}'], env);
    expect(listed.code).toBe(0);
    const first = accountOf(api, 'demo').plans.flatMap((plan) => plan.proxies)[0];
    expect(listed.stdout).toContain(`${first?.ip}:${first?.port}\n`);
    const logout = await runInstalledCli(['logout'], env);
    expect(logout.code).toBe(0);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});
