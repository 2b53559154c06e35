import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import type { CliRun } from '../support/cli-process';
import { usableProxies, useSignedInCli } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);

/** Every file under `folder`, with its text: settings, caches, logs. */
async function filesUnder(folder: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path, text: await readFile(path, 'latin1') };
      }),
  );
}

/** The whole token, and its signature alone: a part of it leaked is a leak too. */
function tokenPieces(): string[] {
  const token = service().tokenFor('demo');
  return [token, token.split('.').at(-1) ?? token];
}

const printed = (runs: readonly CliRun[]) => runs.map((run) => run.stdout + run.stderr).join('\n');

describe('proxy-tray on its own keeps secrets', () => {
  it('the token is never printed nor written to the data folder, logged failures included', async () => {
    const [first, second] = usableProxies(service());
    if (!first || !second) throw new Error('The demo account needs two usable proxies');
    const id = String(first.proxy.id);
    const runs: CliRun[] = [];
    for (const args of [
      ['accounts', '--json'],
      ['plans'],
      ['proxies', '--json'],
      ['get', id],
      ['label', id, 'secret-free'],
      ['rotation', 'on', id, String(second.proxy.id)],
      ['interval', '10m', id],
      ['export', '--kind', 'json', '-o', join(cli().place.dataDir, 'export.json')],
    ]) {
      runs.push(await cli().run(args));
    }
    expect(runs.map((run) => run.code)).toEqual(runs.map(() => EXIT.done));
    // Failures the command line logs: the service down for a while, then refusing the token.
    service().faults.add({ path: '/users/plans', status: 503, times: 10 });
    runs.push(await cli().run(['plans', '--json']));
    service().faults.clear();
    service().faults.add({ path: '/users/plans', status: 401, body: { detail: 'Bad token' } });
    const rejected = await cli().run(['proxies']);
    expect(rejected.code).toBe(EXIT.signIn);
    runs.push(rejected);
    // A plans cache that cannot be written (a file where its folder goes): logged, not fatal.
    const cacheFolder = join(cli().place.dataDir, 'plans-cache');
    await rm(cacheFolder, { recursive: true, force: true });
    await writeFile(cacheFolder, 'not a folder');
    const uncached = await cli().run(['proxies']);
    runs.push(uncached);

    const files = await filesUnder(cli().place.base);
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([join(cli().place.dataDir, 'settings.json')]),
    );
    // The failures were logged: the walk reads the log as well.
    const logs = files.filter((file) => file.path.startsWith(join(cli().place.dataDir, 'logs')));
    expect(logs.map((file) => file.text).join('')).not.toBe('');
    for (const piece of tokenPieces()) {
      expect(printed(runs)).not.toContain(piece);
      for (const file of files) expect(file.text, file.path).not.toContain(piece);
    }
  });

  it('a token given in PROXY_TRAY_TOKEN is neither printed nor written', async () => {
    const env = {
      PROXY_TRAY_TOKEN: service().tokenFor('demo'),
      PROXY_TRAY_SERVICE_URL: service().baseUrl,
    };
    const runs = [await cli().run(['plans'], { env }), await cli().run(['proxies'], { env })];
    expect(runs.map((run) => run.code)).toEqual([EXIT.done, EXIT.done]);
    const files = await filesUnder(cli().place.base);
    for (const piece of tokenPieces()) {
      expect(printed(runs)).not.toContain(piece);
      for (const file of files) expect(file.text, file.path).not.toContain(piece);
    }
  });

  it('passwords appear only where asked for: not in accounts, plans, changes or a table', async () => {
    const [entry] = usableProxies(service());
    if (!entry) throw new Error('The demo account needs a usable proxy');
    const id = String(entry.proxy.id);
    const runs: CliRun[] = [];
    for (const args of [
      ['accounts'],
      ['accounts', '--json'],
      ['plans'],
      ['plans', '--json'],
      ['label', id, 'no password here'],
      ['rotation', 'off', id],
      ['interval', '2h', id],
      ['get', id, '--field', 'username'],
      ['get', id, '--format', '{ip}:{port}'],
    ]) {
      runs.push(await cli().run(args));
    }
    expect(runs.map((run) => run.code)).toEqual(runs.map(() => EXIT.done));
    const passwords = usableProxies(service()).map(({ proxy }) => proxy.password);
    for (const password of passwords) expect(printed(runs)).not.toContain(password);
    // And where asked for, it is there: the test would see one.
    expect((await cli().run(['get', id, '--field', 'password'])).stdout).toBe(
      `${entry.proxy.password}\n`,
    );
  });
});
