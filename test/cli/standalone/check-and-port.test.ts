import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import type { Proxy } from '../../../tools/reference-service/records';
import {
  PROXY_CREDENTIALS,
  pointAtLocal,
  useCheckServers,
} from '../../main/proxy-check/check-servers-fixture';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { finished, makeCliPlace, startCli } from '../support/cli-process';
import { parseJson, usableProxies, useSignedInCli } from '../support/signed-in-cli';

const service = useApiServer();
const servers = useCheckServers();
const cli = useSignedInCli(service);

/** Two proxies the service's data points at the local HTTP proxy: one with its password, one without. */
function localProxies(): { working: Proxy; refused: Proxy } {
  const [working, refused] = usableProxies(service()).map(({ proxy }) => proxy);
  if (!working || !refused) throw new Error('The demo account needs two usable proxies');
  return { working, refused };
}

beforeAll(async () => {
  const { working, refused } = localProxies();
  const { httpProxy } = servers();
  pointAtLocal(working, httpProxy);
  pointAtLocal(refused, httpProxy, { password: 'wrong-S3cr3t' });
  // As a user would in Settings: checks ask the local echo, not the Internet's.
  await useEchoPath('/');
});

interface CheckRecord {
  id: number;
  ok: boolean;
  reason?: string;
  exit_ip?: string;
}

/** What the first line of a running command's stdout says, as soon as it is printed. */
function firstLineOf(child: ReturnType<typeof startCli>): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    child.once('close', () => reject(new Error(`ended before printing a line: ${text}`)));
  });
}

/** GET `target` through the HTTP proxy at `proxyUrl`. */
function getThrough(proxyUrl: string, target: string): Promise<{ status?: number; body: string }> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: proxy.hostname,
        port: Number(proxy.port),
        path: target,
        headers: { host: new URL(target).host },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
    );
    outgoing.once('error', reject);
    outgoing.end();
  });
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('proxy-tray check on its own', () => {
  it('a working proxy: exit 0 with its exit IP from the echo', async () => {
    const run = await cli().run(['check', String(localProxies().working.id), '--json']);
    expect(run.code).toBe(EXIT.done);
    const [record] = parseJson<CheckRecord[]>(run);
    expect(record).toMatchObject({ id: localProxies().working.id, ok: true });
    expect(JSON.stringify(record)).toContain('127.0.0.1');
  });

  it('one refused of two: exit 1, the refused one failed, the other fine', async () => {
    const { working, refused } = localProxies();
    const run = await cli().run(['check', String(working.id), String(refused.id), '--json']);
    expect(run.code).toBe(EXIT.failed);
    const records = parseJson<CheckRecord[]>(run);
    expect(records.map((record) => [record.id, record.ok])).toEqual([
      [working.id, true],
      [refused.id, false],
    ]);
    expect(run.stdout).not.toContain('wrong-S3cr3t');
    expect(run.stdout).not.toContain(PROXY_CREDENTIALS.password);
  });

  it('Ctrl+C while a check waits: the check is cancelled, its connection closed, exit 130', async () => {
    const { echo } = servers();
    await useEchoPath('/hold');
    try {
      const child = startCli(['check', String(localProxies().working.id)], {
        env: cli().place.env,
      });
      const run = finished(child);
      await vi.waitFor(() => expect(echo.held).toBe(1), { timeout: 15_000 });
      child.kill('SIGINT');
      const ended = await run;
      expect(ended.code).toBe(EXIT.stopped);
      expect(ended.stdout).toBe('');
      expect(ended.stderr).toContain('Stopped: the check was cancelled after 0 of 1.');
      // The request the check had open through the proxy has gone with it.
      await vi.waitFor(() => expect(echo.held).toBe(0));
    } finally {
      await useEchoPath('/');
    }
  });
});

/** Where the checks of this place ask for their exit IP: a path of the local echo. */
async function useEchoPath(path: string): Promise<void> {
  const settingsFile = join(cli().place.dataDir, 'settings.json');
  const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
  await writeFile(
    settingsFile,
    JSON.stringify({ ...settings, checkEchoUrl: servers().echo.url(path) }),
  );
}

describe('proxy-tray port in the foreground, no app running', () => {
  it('prints the address, serves it, and ends with 0 on SIGTERM, the port closed; the token never in its argv', async () => {
    // Signed in by PROXY_TRAY_TOKEN alone, as on a server: its own place, nothing in the keychain.
    const place = await makeCliPlace();
    try {
      const token = service().tokenFor('demo');
      const { working } = localProxies();
      const child = startCli(['port', String(working.id)], {
        env: { ...place.env, PROXY_TRAY_TOKEN: token, PROXY_TRAY_SERVICE_URL: service().baseUrl },
      });
      const ended = finished(child);
      const address = await firstLineOf(child);
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const argv = await readFile(`/proc/${child.pid}/cmdline`, 'utf8');
      expect(argv).toContain('port');
      expect(argv).not.toContain(token);

      const answer = await getThrough(address, servers().echo.url('/'));
      // The echo saw the local proxy's connection (dual stack: IPv4 shows mapped).
      expect(answer).toEqual({ status: 200, body: '::ffff:127.0.0.1\n' });
      expect(servers().httpProxy.sockets.accepted).toBeGreaterThan(0);

      child.kill('SIGTERM');
      const run = await ended;
      expect(run.code).toBe(EXIT.done);
      expect(run.stderr).not.toContain(token);
      expect(await connectionRefused(Number(new URL(address).port))).toBe(true);
    } finally {
      await place.remove();
    }
  });
});
