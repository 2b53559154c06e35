import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoolPort, type PoolPort } from '../../../src/main/pool/pool-port';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';
import { launchThroughPort, requireChromium } from '../../e2e/support/chromium';
import { indexOfExit, membersOf } from './pool-clients';

const run = promisify(execFile);
const CURL = '/usr/bin/curl';

let fleet: UpstreamFleet;
let echo: ExitEcho;
let pool: PoolPort;

beforeAll(async () => {
  // The first upstream refuses: real clients never see it.
  [fleet, echo] = await Promise.all([startUpstreamFleet(4, ['refuse']), startExitEcho()]);
  pool = await startPoolPort({ members: membersOf(fleet), protocol: 'http' });
});
afterAll(async () => {
  await pool.close();
  await Promise.all([fleet.close(), echo.close()]);
});

describe('curl', () => {
  beforeAll(() => {
    if (!existsSync(CURL)) {
      throw new Error(
        `curl is missing at ${CURL}: install the apt package "curl" (apt-get install -y curl).`,
      );
    }
  });

  async function curlExit(proxy: string): Promise<number> {
    const { stdout } = await run(CURL, ['-sS', '--noproxy', '', '-x', proxy, echo.url('/')]);
    return indexOfExit(fleet, stdout.trim());
  }

  it.each([
    ['http://127.0.0.1:PORT', 'plain requests'],
    ['socks5h://127.0.0.1:PORT', 'SOCKS5'],
  ])('spreads over the working upstreams through %s (%s)', async (proxy) => {
    const exits = new Set<number>();
    for (let run = 0; run < 6; run += 1) {
      exits.add(await curlExit(proxy.replace('PORT', String(pool.port))));
    }
    expect([...exits].sort()).toEqual([1, 2, 3]);
  });

  it.each([
    ['http://session-curl1:x@127.0.0.1:PORT'],
    ['socks5h://session-curl2:x@127.0.0.1:PORT'],
  ])('keeps a session given in the proxy URL (%s)', async (proxy) => {
    const exits = new Set<number>();
    for (let run = 0; run < 4; run += 1) {
      exits.add(await curlExit(proxy.replace('PORT', String(pool.port))));
    }
    expect(exits.size).toBe(1);
  });
});

describe('Chromium', () => {
  beforeAll(() => requireChromium());

  it.each(['http', 'socks5'] as const)(
    'loads pages through --proxy-server=%s://127.0.0.1:PORT, never from the dead upstream',
    async (scheme) => {
      const browser = await launchThroughPort(scheme, pool.port);
      try {
        const exits: number[] = [];
        for (let load = 0; load < 3; load += 1) {
          // A context of its own each time: no connection kept from the last load.
          const context = await browser.newContext();
          const page = await context.newPage();
          await page.goto(echo.url(`/chromium-${load}`));
          exits.push(indexOfExit(fleet, ((await page.textContent('body')) ?? '').trim()));
          await context.close();
        }
        expect(exits.every((index) => [1, 2, 3].includes(index))).toBe(true);
        // The dead one carried nothing (its bench may have ended by now: it is not asserted).
        expect(pool.members()[0]?.totalConnections).toBe(0);
        expect(fleet.upstreams[0]?.served).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
