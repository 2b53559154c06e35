import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPoolPort, type PoolPort } from '../../../src/main/pool/pool-port';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';
import { openFds, settledFds } from '../../support/open-fds';
import { CLIENT_KINDS, exitThrough, indexOfExit, membersOf } from './pool-clients';

let fleet: UpstreamFleet;
let echo: ExitEcho;
let fdsBefore: number;

beforeAll(async () => {
  fdsBefore = openFds();
  [fleet, echo] = await Promise.all([startUpstreamFleet(10), startExitEcho()]);
});
afterAll(async () => {
  await Promise.all([fleet.close(), echo.close()]);
  expect(await settledFds(fdsBefore)).toBe(fdsBefore);
});

async function exits(pool: PoolPort, count: number, kind = CLIENT_KINDS[0]): Promise<number[]> {
  const seen: number[] = [];
  for (let connection = 0; connection < count; connection += 1) {
    seen.push(indexOfExit(fleet, await exitThrough(kind ?? 'http', pool.port, echo)));
  }
  return seen;
}

describe.each(['http', 'socks5'] as const)('a pool speaking %s to its upstreams', (protocol) => {
  describe.each(CLIENT_KINDS)('and an app using it as %s', (kind) => {
    it('spreads connections in turn over every upstream, which each saw its own login', async () => {
      const pool = await startPoolPort({ members: membersOf(fleet), protocol });
      const served = fleet.upstreams.map((upstream) => upstream.served.length);
      try {
        const seen = await exits(pool, 20, kind);
        expect(seen).toEqual([
          ...Array.from({ length: 10 }, (_, i) => i),
          ...Array.from({ length: 10 }, (_, i) => i),
        ]);
        for (const upstream of fleet.upstreams) {
          const mine = upstream.served.slice(served[upstream.index]);
          expect(mine).toHaveLength(2);
          expect(mine.every((entry) => entry.username === upstream.username)).toBe(true);
          // How the pool spoke to it: its protocol, a tunnel for every app's CONNECT and SOCKS5.
          const expected =
            protocol === 'socks5' ? 'socks5' : kind === 'http' ? 'http-request' : 'http-connect';
          expect(mine.every((entry) => entry.via === expected)).toBe(true);
        }
        expect(pool.members().map((member) => member.totalConnections)).toEqual(Array(10).fill(2));
      } finally {
        await pool.close();
      }
    });
  });
});

describe('strategies', () => {
  it('random reaches every upstream, in no fixed order', async () => {
    const pool = await startPoolPort({
      members: membersOf(fleet),
      protocol: 'http',
      strategy: 'random',
    });
    try {
      const seen = await exits(pool, 60, 'connect');
      expect(new Set(seen).size).toBeGreaterThan(5);
      expect(seen.slice(0, 10)).not.toEqual(Array.from({ length: 10 }, (_, i) => i));
    } finally {
      await pool.close();
    }
  });

  it('fastest sends everything to the member with the quickest check', async () => {
    const members = membersOf(fleet).map((member, index) => ({
      ...member,
      latencyMs: index === 6 ? 40 : 200 + index,
    }));
    const pool = await startPoolPort({ members, protocol: 'socks5', strategy: 'fastest' });
    try {
      expect(await exits(pool, 5, 'socks5')).toEqual([6, 6, 6, 6, 6]);
      // Changed while it runs: round robin from where the turn stands.
      pool.setStrategy('round-robin');
      expect(new Set(await exits(pool, 10, 'socks5')).size).toBe(10);
    } finally {
      await pool.close();
    }
  });

  it('sticky keeps every connection that names no session on one upstream', async () => {
    const pool = await startPoolPort({
      members: membersOf(fleet),
      protocol: 'http',
      strategy: 'sticky',
    });
    try {
      const seen = await exits(pool, 8, 'http');
      expect(new Set(seen).size).toBe(1);
      expect(pool.members().reduce((sum, member) => sum + member.sessions, 0)).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
