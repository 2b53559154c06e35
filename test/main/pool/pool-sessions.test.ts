import { afterEach, describe, expect, it } from 'vitest';
import { makeLocalPassword } from '../../../src/main/local-ports/local-password';
import { startPoolPort, type PoolPort } from '../../../src/main/pool/pool-port';
import {
  CLIENT_KINDS,
  connectTunnel,
  exitThrough,
  indexOfExit,
  membersOf,
  plainGet,
  socksTunnel,
} from './pool-clients';
import { useFleet } from './fleet-fixture';

const world = useFleet(10);

let pool: PoolPort;

afterEach(() => pool.close());

const session = (id: string, password = 'anything') => ({ username: `session-${id}`, password });

describe.each(['http', 'socks5'] as const)('sessions of a pool speaking %s', (protocol) => {
  it.each(CLIENT_KINDS)(
    'keep every %s connection of a session on one upstream, each session its own',
    async (kind) => {
      pool = await startPoolPort({ members: membersOf(world.fleet), protocol });
      const exitsOf = async (id: string) => {
        const exits: number[] = [];
        for (let connection = 0; connection < 5; connection += 1) {
          exits.push(
            indexOfExit(world.fleet, await exitThrough(kind, pool.port, world.echo, session(id))),
          );
        }
        return exits;
      };
      const [a, b, c] = [await exitsOf('a'), await exitsOf('b'), await exitsOf('c')];
      for (const exits of [a, b, c]) expect(new Set(exits).size).toBe(1);
      expect(new Set([a[0], b[0], c[0]]).size).toBe(3);
      const held = pool.members().filter((member) => member.sessions > 0);
      expect(held.map((member) => member.id - 100)).toEqual([a[0], b[0], c[0]].sort());
    },
  );
});

it('a session whose upstream died moves once, and stays on the new one', async () => {
  pool = await startPoolPort({ members: membersOf(world.fleet), protocol: 'http' });
  const first = indexOfExit(
    world.fleet,
    await exitThrough('connect', pool.port, world.echo, session('m')),
  );
  await world.fleet.upstreams[first]?.setBehaviour('refuse');
  try {
    const after: number[] = [];
    for (let connection = 0; connection < 4; connection += 1) {
      after.push(
        indexOfExit(world.fleet, await exitThrough('socks5', pool.port, world.echo, session('m'))),
      );
    }
    expect(after[0]).not.toBe(first);
    expect(after).toEqual(Array(4).fill(after[0]));
  } finally {
    await world.fleet.upstreams[first]?.setBehaviour('serve');
  }
});

it("never passes the app's login on: each upstream sees its own", async () => {
  pool = await startPoolPort({ members: membersOf(world.fleet), protocol: 'http' });
  const before = world.fleet.upstreams.map((upstream) => upstream.served.length);
  await plainGet(pool.port, world.echo.url('/'), session('secret-app-login'));
  await exitThrough('connect', pool.port, world.echo, session('secret-app-login'));
  const served = world.fleet.upstreams.flatMap((upstream) =>
    upstream.served.slice(before[upstream.index]).map((entry) => ({ entry, upstream })),
  );
  expect(served).toHaveLength(2);
  for (const { entry, upstream } of served) expect(entry.username).toBe(upstream.username);
});

describe('a pool with a local password', () => {
  it('takes it as the password of any username, the session kept', async () => {
    const password = makeLocalPassword();
    pool = await startPoolPort({
      members: membersOf(world.fleet),
      protocol: 'socks5',
      localPassword: password,
    });
    for (const kind of CLIENT_KINDS) {
      const exits = new Set<number>();
      for (let connection = 0; connection < 3; connection += 1) {
        exits.add(
          indexOfExit(
            world.fleet,
            await exitThrough(kind, pool.port, world.echo, session(kind, password)),
          ),
        );
      }
      expect(exits.size).toBe(1);
    }
    expect(
      indexOfExit(
        world.fleet,
        await exitThrough('http', pool.port, world.echo, { username: 'anyone', password }),
      ),
    ).toBeGreaterThanOrEqual(0);
  });

  it('refuses a wrong or missing one on every side', async () => {
    pool = await startPoolPort({
      members: membersOf(world.fleet),
      protocol: 'http',
      localPassword: makeLocalPassword(),
    });
    const accepted = () => world.fleet.upstreams.map((upstream) => upstream.accepted());
    const before = accepted();
    await expect(plainGet(pool.port, world.echo.url('/'), session('x', 'wrong'))).rejects.toThrow(
      /^status 407/,
    );
    await expect(connectTunnel(pool.port, world.echo.port, session('x', 'wrong'))).rejects.toThrow(
      /^HTTP\/1\.1 407/,
    );
    await expect(socksTunnel(pool.port, world.echo.port, session('x', 'wrong'))).rejects.toThrow();
    await expect(socksTunnel(pool.port, world.echo.port)).rejects.toThrow();
    // Nothing reached an upstream.
    expect(accepted()).toEqual(before);
    expect(pool.members().every((member) => member.totalConnections === 0)).toBe(true);
  });
});
