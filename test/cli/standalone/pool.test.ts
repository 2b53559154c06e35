import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import type { Plan } from '../../../tools/reference-service/records';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { useFleet } from '../../main/pool/fleet-fixture';
import { exitThrough, indexOfExit } from '../../main/pool/pool-clients';
import { finished, makeCliPlace, startCli, type CliPlace } from '../support/cli-process';
import { parseJson, useSignedInCli, wholePlan } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);
const FLEET = 4;
const world = useFleet(FLEET);
let plan: Plan;

/** A plan every dialect lists whole, its proxies pointed at the real upstreams in turn. */
beforeAll(() => {
  plan = wholePlan(service());
  plan.proxies.forEach((proxy, index) => {
    const upstream = world.fleet.upstreams[index % FLEET];
    if (!upstream) throw new Error(`no upstream ${index}`);
    const { host, port, username, password } = upstream;
    Object.assign(proxy, { ip: host, port, username, password });
  });
});

/** `pool ARGS` in the foreground with the token in the environment; its first stdout line. */
async function servePool(place: CliPlace, args: string[]) {
  const token = service().tokenFor('demo');
  const child = startCli(['pool', ...args], {
    env: { ...place.env, PROXY_TRAY_TOKEN: token, PROXY_TRAY_SERVICE_URL: service().baseUrl },
  });
  const ended = finished(child);
  const first = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    child.once('close', () => reject(new Error(`ended before printing a line: ${text}`)));
  });
  return { child, ended, first, token };
}

describe('proxy-tray pool in the foreground, no app running', () => {
  it("prints the address, spreads connections over the plan's proxies, and ends with 0 on SIGTERM", async () => {
    const place = await makeCliPlace();
    try {
      const { child, ended, first, token } = await servePool(place, ['--plan', String(plan.id)]);
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const port = Number(new URL(first).port);
      const exits = new Set<number>();
      for (let connection = 0; connection < plan.proxies.length; connection += 1) {
        exits.add(indexOfExit(world.fleet, await exitThrough('socks5', port, world.echo)));
      }
      expect(exits.size).toBe(Math.min(plan.proxies.length, FLEET));

      child.kill('SIGTERM');
      const run = await ended;
      expect(run.code).toBe(EXIT.done);
      expect(run.stderr).toContain(
        `Pool port of Plan ${plan.name}: ${plan.proxies.length} proxies, round-robin.`,
      );
      expect(run.stderr).not.toContain(token);
      for (const proxy of plan.proxies)
        expect(run.stdout + run.stderr).not.toContain(proxy.password);
      await expect(exitThrough('connect', port, world.echo)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await place.remove();
    }
  });

  it('answers JSON with the strategy, the password in the URLs, and a session kept', async () => {
    const place = await makeCliPlace();
    try {
      const { child, ended, first } = await servePool(place, [
        '--search',
        plan.name,
        '--plan',
        String(plan.id),
        '--strategy',
        'sticky',
        '--password',
        '--per-request',
        '--json',
      ]);
      // The answer is printed before serving begins: read whole once the process has ended.
      child.kill('SIGTERM');
      const run = await ended;
      const answer = parseJson<Record<string, unknown>>(run);
      expect(first.length).toBeGreaterThan(0);
      expect(answer).toMatchObject({
        title: `Search “${plan.name}” in Plan ${plan.name}`,
        strategy: 'sticky',
        per_request: true,
        requires_password: true,
        members: plan.proxies.length,
      });
      const http = new URL(String(answer['http_url']));
      expect(http.username).toBe('local');
      expect(http.password.length).toBeGreaterThan(10);
      expect(String(answer['socks5_url'])).toMatch(/^socks5:\/\/local:.+@127\.0\.0\.1:\d+$/);
    } finally {
      await place.remove();
    }
  });
});

describe('proxy-tray pool refuses in words', () => {
  it.each([
    [[], 'Name the proxies to pool: --plan P, --search Q (or both), or --pinned.'],
    [
      ['--pinned', '--plan', '1'],
      '--pinned pools the pinned proxies: give it without --plan or --search.',
    ],
    [
      ['--pinned', '--strategy', 'fast'],
      '--strategy takes round-robin, random, fastest, sticky; "fast" is none of them.',
    ],
    [['--pinned', '--port', '70000'], '--port takes a port number from 1 to 65535'],
  ])('pool %j', async (args, words) => {
    const run = await cli().run(['pool', ...args]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(words);
  });

  it('a search that finds nothing: exit 1 and why', async () => {
    const run = await cli().run(['pool', '--search', 'no-such-proxy-anywhere']);
    expect(run.code).toBe(EXIT.failed);
    expect(run.stderr).toContain('Search “no-such-proxy-anywhere” has no proxy to pool');
  });
});
