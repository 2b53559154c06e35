import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPoolPort, type PoolPort } from '../../../src/main/pool/pool-port';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';
import { openFds, settledFds } from '../../support/open-fds';
import {
  CLIENT_KINDS,
  connectTunnel,
  exitThrough,
  indexOfExit,
  membersOf,
  plainGet,
} from './pool-clients';

// 0–2 refuse connections, 3 hangs on connect, 4 refuses every login; 5–9 work.
const BEHAVIOURS = ['refuse', 'refuse', 'refuse', 'hang', 'deny-login'] as const;
const WORKING = [5, 6, 7, 8, 9];

let fleet: UpstreamFleet;
let echo: ExitEcho;
let pool: PoolPort;
let fdsBefore: number;

beforeAll(async () => {
  fdsBefore = openFds();
  echo = await startExitEcho();
});
afterAll(async () => {
  await echo.close();
  expect(await settledFds(fdsBefore)).toBe(fdsBefore);
});
beforeEach(async () => {
  fleet = await startUpstreamFleet(10, [...BEHAVIOURS]);
});
afterEach(async () => {
  await pool.close();
  await fleet.close();
});

describe.each(['http', 'socks5'] as const)('a pool speaking %s', (protocol) => {
  it.each(CLIENT_KINDS)(
    'fails no %s connection while upstreams work, and benches the dead ones with why',
    async (kind) => {
      // A plain request that went to an HTTP proxy is never sent again, and one that hangs may
      // have reached its site: that case is left out here (the tunnels and SOCKS5 show the hang).
      const silentKept = !(kind === 'http' && protocol === 'http');
      const members = membersOf(fleet).filter((_, index) => silentKept || index !== 3);
      // A tunnel deadline short enough that the hanging upstream is given up on soon, long enough
      // that a working one opens within it on a loaded machine.
      pool = await startPoolPort({ members, protocol, tunnelTimeoutMs: 3_000 });
      const exits = await Promise.all(
        Array.from({ length: 12 }, () => exitThrough(kind, pool.port, echo)),
      );
      const served = exits.map((exit) => indexOfExit(fleet, exit));
      expect(served.every((index) => WORKING.includes(index))).toBe(true);
      // The dead forwarded nothing; the one refusing logins was asked and forwarded nothing.
      for (const index of [0, 1, 2, 3, 4]) expect(fleet.upstreams[index]?.served).toEqual([]);
      expect(fleet.upstreams[4]?.accepted()).toBeGreaterThan(0);
      const benched = new Map(pool.members().map((member) => [member.id - 100, member.benched]));
      expect(benched.get(0)?.reason).toBe('the proxy could not be reached (connection refused)');
      if (silentKept) {
        expect(benched.get(3)?.reason).toBe('the proxy did not open the connection in time');
        // On trial until a connection opens through it: the hanging one held one or two at most,
        // and a TCP connection it took is not a connection it carried.
        expect(fleet.upstreams[3]?.accepted()).toBeLessThanOrEqual(2);
        expect(pool.members()[3]?.totalConnections).toBe(0);
      }
      expect(benched.get(4)?.reason).toMatch(/^the proxy refused the login/);
      for (const index of WORKING) expect(benched.get(index)).toBeNull();
      // No app saw a failure.
      expect(pool.stats().lastError).toBeNull();
    },
  );

  it('moves a plain request refused with a 407 to another upstream: the app never sees it', async () => {
    pool = await startPoolPort({
      members: membersOf(fleet).slice(4),
      protocol,
    });
    const { body } = await plainGet(pool.port, echo.url('/'));
    expect(WORKING).toContain(indexOfExit(fleet, body.trim()));
    expect(pool.members()[0]?.benched?.reason).toMatch(/^the proxy refused the login/);
  });

  it('keeps serving when an upstream dies mid-run, and the app sees why when none is left', async () => {
    pool = await startPoolPort({ members: membersOf(fleet).slice(8), protocol });
    const first = indexOfExit(fleet, await exitThrough('connect', pool.port, echo));
    await fleet.upstreams[first]?.setBehaviour('refuse');
    const afterwards = await Promise.all(
      Array.from({ length: 4 }, () => exitThrough('socks5', pool.port, echo)),
    );
    expect(afterwards.map((exit) => indexOfExit(fleet, exit))).toEqual(
      Array(4).fill(first === 8 ? 9 : 8),
    );
    await fleet.upstreams[first === 8 ? 9 : 8]?.setBehaviour('refuse');
    // Both benched: each is tried once more, and the app is told why in words.
    await expect(connectTunnel(pool.port, echo.port)).rejects.toThrow(
      /^HTTP\/1\.1 502 [^\n]*\n[^]*Proxy Tray: the proxy could not be reached \(connection refused\)\.$/,
    );
  });
});

it('gives up after the third move, with the last failure in words', async () => {
  const [r0, r1, r2, hang, deny] = membersOf(fleet);
  pool = await startPoolPort({
    members: [r0, r1, r2, deny, hang].filter((member) => member !== undefined),
    protocol: 'http',
  });
  await expect(connectTunnel(pool.port, echo.port)).rejects.toThrow(
    /Proxy Tray: the proxy refused the login \(407\)\./,
  );
  // Four tries: the three refusing and the one denying logins, not the fifth (hanging).
  expect(fleet.upstreams[4]?.accepted()).toBe(1);
  expect(fleet.upstreams[3]?.accepted()).toBe(0);
  expect(pool.stats().lastError?.message).toBe('the proxy refused the login (407)');
});
