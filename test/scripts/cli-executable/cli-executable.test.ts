import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { installedKeytarPath } from '../../../src/cli/connection/installed-keytar';
import { buildCliExecutable } from '../../../scripts/cli-executable/build-cli-executable.mjs';
import { finished, makeCliPlace, type CliPlace, type CliRun } from '../../cli/support/cli-process';
import { forgetKeychainOf, parseJson } from '../../cli/support/signed-in-cli';
import { useApiServer } from '../../tools/reference-service/use-api-server';

/**
 * The installed build's `proxy-tray`: the bundle made a Node.js single executable, laid out as the
 * installers lay it out (resources/bin/ beside resources/app.asar.unpacked/ with keytar), and run
 * as a user runs it — with no Node.js of the user's and no node_modules to find.
 */
const service = useApiServer();
let place: CliPlace;
let executable = '';

beforeAll(async () => {
  place = await makeCliPlace();
  const resources = join(place.base, 'resources');
  executable = await buildCliExecutable({ outDir: join(resources, 'bin') });
  // The app's keytar, where electron-builder unpacks it.
  const keytarModule = installedKeytarPath(executable);
  mkdirSync(join(keytarModule, '..'), { recursive: true });
  const repoKeytar = createRequire(import.meta.url).resolve('keytar/build/Release/keytar.node');
  copyFileSync(repoKeytar, keytarModule);
}, 120_000);

afterAll(async () => {
  await forgetKeychainOf(place);
  await place.remove();
});

function run(args: readonly string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliRun> {
  // Nothing of the repository on its way: no PATH to a Node.js, another working folder.
  const child = spawn(executable, args, {
    env: { ...env, PATH: '/usr/bin:/bin' },
    cwd: place.base,
  });
  child.stdin.end(input);
  return finished(child);
}

describe.runIf(process.platform === 'linux')("an installed build's proxy-tray", () => {
  it('runs on its own: its version, without a Node.js on the PATH', async () => {
    expect(existsSync(executable)).toBe(true);
    const version = await run(['--version'], place.env);
    expect(version).toMatchObject({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('runs only its own bundle: NODE_OPTIONS cannot make it load a script', async () => {
    const planted = join(place.base, 'planted.cjs');
    const marker = join(place.base, 'planted-ran');
    writeFileSync(planted, `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');`);
    const version = await run(['--version'], {
      ...place.env,
      NODE_OPTIONS: `--require ${planted}`,
    });
    expect(version.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it("signs in through the keychain with the app's own keytar, then lists the proxies", async () => {
    const login = await run(
      ['login', '--service-url', service().baseUrl, '--token-stdin'],
      place.env,
      `${service().tokenFor('demo')}\n`,
    );
    expect(login.stderr).toContain('Signed in as');
    expect(login.code).toBe(0);
    const accounts = parseJson<{ username: string; active: boolean }[]>(
      await run(['accounts', '--json'], place.env),
    );
    expect(accounts).toEqual([expect.objectContaining({ username: 'demo', active: true })]);
    const listed = await run(['proxies', '--format', '{ip}:{port}'], place.env);
    expect(listed.code).toBe(0);
    const demo = service().store.account('demo');
    const first = demo?.plans.flatMap((plan) => plan.proxies)[0];
    expect(listed.stdout).toContain(`${first?.ip}:${first?.port}\n`);
  });

  it("says the keychain module is missing when the app's keytar is not beside it", async () => {
    const keytarModule = installedKeytarPath(executable);
    renameSync(keytarModule, `${keytarModule}.away`);
    try {
      const login = await run(
        ['login', '--service-url', service().baseUrl, '--token-stdin'],
        place.env,
        `${service().tokenFor('demo')}\n`,
      );
      expect(login.code).toBe(1);
      expect(login.stderr).toContain('The keychain module could not be loaded');
    } finally {
      renameSync(`${keytarModule}.away`, keytarModule);
    }
  });
});
