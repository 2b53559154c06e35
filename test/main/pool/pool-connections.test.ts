import { request, Agent } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPoolPort, type PoolPort } from '../../../src/main/pool/pool-port';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';
import { openFds, settledFds } from '../../support/open-fds';
import { rawApp } from '../local-ports/raw-peers';
import { until } from '../local-ports/until';
import { connectTunnel, indexOfExit, membersOf, socksTunnel } from './pool-clients';

let fleet: UpstreamFleet;
let echo: ExitEcho;
let pool: PoolPort;
let fdsBefore: number;

beforeAll(async () => {
  fdsBefore = openFds();
  [fleet, echo] = await Promise.all([startUpstreamFleet(4), startExitEcho()]);
});
afterAll(async () => {
  await Promise.all([fleet.close(), echo.close()]);
  expect(await settledFds(fdsBefore)).toBe(fdsBefore);
});
afterEach(() => pool.close());

/** The TCP connections the fleet's upstreams accepted so far. */
const upstreamConnections = () =>
  fleet.upstreams.reduce((sum, upstream) => sum + upstream.accepted(), 0);

/** `count` GETs one after another on one kept-alive connection: the exits, and the sockets used. */
async function keptAlive(count: number): Promise<{ exits: number[]; sockets: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const exits: number[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const body = await new Promise<string>((resolve, reject) => {
        const outgoing = request(
          { host: '127.0.0.1', port: pool.port, path: echo.url('/'), agent },
          (response) => {
            sockets.add(response.socket);
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(text));
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      });
      exits.push(indexOfExit(fleet, body.trim()));
    }
  } finally {
    agent.destroy();
  }
  return { exits, sockets: sockets.size };
}

describe.each(['http', 'socks5'] as const)('a pool speaking %s', (protocol) => {
  it("keeps a kept-alive connection's requests on one upstream (its exit address kept)", async () => {
    pool = await startPoolPort({ members: membersOf(fleet), protocol });
    const before = upstreamConnections();
    const { exits, sockets } = await keptAlive(4);
    expect(sockets).toBe(1);
    expect(new Set(exits).size).toBe(1);
    // One upstream connection carried them all, and it ends with the app's connection.
    expect(upstreamConnections() - before).toBe(1);
    await until(() => pool.members().every((member) => member.openConnections === 0));
  });

  it('with "a new upstream for each request", sends each of them through the next', async () => {
    pool = await startPoolPort({ members: membersOf(fleet), protocol, perRequest: true });
    const before = upstreamConnections();
    const { exits, sockets } = await keptAlive(4);
    // Still one connection for the app: only the upstream side changes.
    expect(sockets).toBe(1);
    expect(exits).toEqual([0, 1, 2, 3]);
    expect(upstreamConnections() - before).toBe(4);
    // Each upstream connection was closed once its answer was in, not left to idle.
    await until(() => fleet.upstreams.every((upstream) => upstream.open() === 0));
  });

  it('with "a new upstream for each request", answers pipelined requests through one, in order', async () => {
    pool = await startPoolPort({ members: membersOf(fleet), protocol, perRequest: true });
    const before = upstreamConnections();
    const app = await rawApp(pool.port);
    app.write(`GET ${echo.url('/')} HTTP/1.1\r\nHost: echo\r\n\r\n`.repeat(3));
    await app.waitFor('HTTP/1.1 200 OK', 3);
    await until(() => app.received().split('\r\n\r\n').length === 4);
    const exits = app
      .received()
      .split('HTTP/1.1 200 OK')
      .slice(1)
      .map((answer) => indexOfExit(fleet, answer.split('\r\n\r\n')[1]?.trim() ?? ''));
    // The connection moves on only once it has no answer due.
    expect(new Set(exits).size).toBe(1);
    expect(upstreamConnections() - before).toBe(1);
    app.socket.destroy();
  });

  it('ends the connections through a member that left the pool, and counts bytes per member', async () => {
    pool = await startPoolPort({ members: membersOf(fleet), protocol });
    const tunnel = await socksTunnel(pool.port, echo.port);
    const closed = new Promise((resolve) => tunnel.once('close', resolve));
    tunnel.write('GET / HTTP/1.1\r\nHost: echo\r\n\r\n');
    await new Promise((resolve) => tunnel.once('data', resolve));
    const [first] = pool.members();
    expect(first?.openConnections).toBe(1);
    expect(first?.bytesUp).toBeGreaterThan(20);
    expect(first?.bytesDown).toBeGreaterThan(20);
    pool.setMembers(membersOf(fleet).slice(1));
    await closed;
    expect(pool.members().map((member) => member.id)).toEqual([101, 102, 103]);
  });

  it('closes every app and upstream connection on close', async () => {
    pool = await startPoolPort({ members: membersOf(fleet), protocol });
    const tunnels = await Promise.all([
      connectTunnel(pool.port, echo.port),
      socksTunnel(pool.port, echo.port),
    ]);
    const closed = tunnels.map((tunnel) => new Promise((resolve) => tunnel.once('close', resolve)));
    await pool.close();
    await Promise.all(closed);
    expect(await pool.getConnections().catch(() => 0)).toBe(0);
  });
});
