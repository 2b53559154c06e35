import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import {
  rawApp,
  startScriptedUpstream,
  type RawConnection,
  type ScriptedUpstream,
} from './raw-peers';
import { until } from './until';

/**
 * An upstream connection the port keeps for an app connection lives no longer than it: when the
 * app leaves, or sits idle past its deadline, the upstream's side is closed too (the issue saw 256
 * idle tunnels still held 30 s after the clients left). The upstream here never closes anything
 * itself, so every connection it sees close was closed by the port.
 */

const LOGIN = { username: 'plan-user', password: 'Idle-Secret-7' };
const APPS = 10;
/** Short, so the test waits for it; long enough that the answers are in before it runs out. */
const IDLE_MS = 1_000;
const ANSWER = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';

let upstream: ScriptedUpstream;
let port: LocalPort;
beforeEach(async () => {
  upstream = await startScriptedUpstream();
});
afterEach(async () => {
  await port.close();
  await upstream.close();
});

/** The port under test, to the scripted upstream, whose app connections may idle `idleMs`. */
async function openPort(idleMs: number): Promise<void> {
  port = await startLocalPort({
    upstream: { protocol: 'http', host: '127.0.0.1', port: upstream.port, ...LOGIN },
    deadlines: { handshakeMs: 10_000, idleMs },
  });
}

const openOnUpstream = () =>
  upstream.connections.filter((connection) => !connection.socket.closed).length;

/** APPS apps, each on a connection of its own, each sending `head` and getting `answer` back. */
async function appsAnswered(
  head: string,
  answer: string,
  expected: string,
): Promise<RawConnection[]> {
  const apps = await Promise.all(Array.from({ length: APPS }, () => rawApp(port.port)));
  for (const app of apps) app.write(head);
  for (let index = 0; index < APPS; index += 1) (await upstream.connection(index)).write(answer);
  await Promise.all(apps.map((app) => app.waitFor(expected)));
  return apps;
}

const GET = 'GET http://example.test/ HTTP/1.1\r\nHost: example.test\r\n\r\n';

it('closes the kept-alive upstream connections of apps that went idle, with theirs', async () => {
  await openPort(IDLE_MS);
  const apps = await appsAnswered(GET, ANSWER, 'ok');
  // Kept alive for the apps' next requests while the apps keep theirs.
  expect(openOnUpstream()).toBe(APPS);
  await until(() => openOnUpstream() === 0);
  expect(apps.every((app) => app.socket.closed || app.socket.readableEnded)).toBe(true);
  expect(await port.getConnections()).toBe(0);
});

it('closes the upstream connections of apps that left', async () => {
  // An idle deadline far beyond the wait: only the apps leaving can close anything here.
  await openPort(10 * 60_000);
  const apps = await appsAnswered(GET, ANSWER, 'ok');
  for (const app of apps) app.socket.destroy();
  await until(() => openOnUpstream() === 0);
  expect(upstream.connections).toHaveLength(APPS);
});

it('closes idle tunnels on both sides once their deadline passes', async () => {
  await openPort(IDLE_MS);
  const connect = 'CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n';
  const established = 'HTTP/1.1 200 Connection Established\r\n\r\n';
  const apps = await appsAnswered(connect, established, ' 200 ');
  expect(openOnUpstream()).toBe(APPS);
  await until(() => openOnUpstream() === 0);
  expect(apps.every((app) => app.socket.closed || app.socket.readableEnded)).toBe(true);
  expect(await port.getConnections()).toBe(0);
});

it('closes idle SOCKS5 tunnels on both sides once their deadline passes', async () => {
  await openPort(IDLE_MS);
  const apps = await Promise.all(Array.from({ length: APPS }, () => rawApp(port.port)));
  const host = Buffer.from('example.test', 'latin1');
  for (const app of apps) app.write(Buffer.from([0x05, 0x01, 0x00]));
  await Promise.all(apps.map((app) => app.waitFor('\x05\x00')));
  const connectTo = Buffer.concat([
    Buffer.from([0x05, 0x01, 0x00, 0x03, host.length]),
    host,
    Buffer.from([0x01, 0xbb]),
  ]);
  for (const app of apps) app.write(connectTo);
  for (let index = 0; index < APPS; index += 1) {
    (await upstream.connection(index)).write('HTTP/1.1 200 Connection Established\r\n\r\n');
  }
  // The greeting's answer, then the tunnel's: both begin with version 5, "succeeded".
  await Promise.all(apps.map((app) => app.waitFor('\x05\x00', 2)));
  expect(openOnUpstream()).toBe(APPS);
  await until(() => openOnUpstream() === 0);
  expect(await port.getConnections()).toBe(0);
});
