import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { openFds, settledFds } from '../../support/open-fds';
import {
  deadPort,
  startScriptedServer,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import { socksTunnel } from './local-clients';
import { fuzzInputs, writesOf, type FuzzInput, type FuzzPort } from './socks-fuzz-inputs';
import { rawSocksClient, type RawSocksClient } from './socks-raw-clients';
import { readTranscript } from './socks-transcript';
import { until } from './until';

/**
 * The audit's SOCKS5 fuzz, against real ports: 10,000 connections of random and mutated-valid
 * bytes, cut into random writes, from clients that end their side or stay open. The port must
 * not crash; every answer must be SOCKS5 (a prefix of method, login status, reply); a client that
 * ends is closed by the port, and so is a client the port refused, though it stays open, and one
 * that stays silent in the middle of a handshake (by the handshake deadline, short here); once
 * all are gone the process holds as many fds as before.
 *
 * The seed is printed on failure; FUZZ_SEED=<seed> replays a run.
 */
const INPUTS = 10_000;
const AT_ONCE = 250;
const LOCAL_PASSWORD = 'Local-Pa55word-Fuzz';
/** How long a silent client waits for an answer before it is judged on what it got. */
const QUIET_MS = 100;
/** How long the port may take to close a connection it must close. */
const CLOSE_MS = 3_000;
/** The ports' handshake deadline: short, so that silent clients are closed within the test. */
const DEADLINES = { handshakeMs: 200, idleMs: 60_000 };
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

let accepting: LocalServer;
const ports = {} as Record<FuzzPort, LocalPort>;

beforeAll(async () => {
  // An upstream that opens every tunnel ("200"), then ends it; and one where nothing listens.
  accepting = await startScriptedServer('HTTP/1.1 200 Connection established\r\n\r\n');
  const at = (port: number) =>
    ({ protocol: 'http', host: '127.0.0.1', port, username: 'u', password: 'p' }) as const;
  ports.deadUpstream = await startLocalPort({
    upstream: at(await deadPort()),
    deadlines: DEADLINES,
  });
  ports.withPassword = await startLocalPort({
    upstream: at(accepting.port),
    localPassword: LOCAL_PASSWORD,
    deadlines: DEADLINES,
  });
  ports.openUpstream = await startLocalPort({ upstream: at(accepting.port), deadlines: DEADLINES });
});
afterAll(async () => {
  await Promise.all(Object.values(ports).map((port) => port.close()));
  await accepting.close();
});

/** What went wrong with one connection, or null. */
async function play(input: FuzzInput, clients: RawSocksClient[]): Promise<string | null> {
  const client = await rawSocksClient(ports[input.port].port);
  clients.push(client);
  for (const write of writesOf(input)) {
    client.write(write);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (input.ends) client.socket.end();
  await until(
    () => client.serverClosed() || readTranscript(client.answer()).refused,
    QUIET_MS,
  ).catch(() => {});
  const transcript = readTranscript(client.answer());
  if (!transcript.wellFormed) return `answered ${client.answer().toString('hex')}, not SOCKS5`;
  const closed = await until(() => client.serverClosed(), CLOSE_MS).then(
    () => true,
    () => false,
  );
  if (closed) return null;
  if (input.ends) return 'left open after the client ended';
  return transcript.refused ? 'refused but left open' : 'left open past the handshake deadline';
}

it(`takes ${INPUTS} fuzzed SOCKS5 connections: no crash, answered or closed, no fd kept`, async () => {
  const inputs = fc.sample(fuzzInputs(LOCAL_PASSWORD), { numRuns: INPUTS, seed });
  const baseline = openFds();
  const clients: RawSocksClient[] = [];
  const failures: string[] = [];
  for (let start = 0; start < inputs.length; start += AT_ONCE) {
    const batch = inputs.slice(start, start + AT_ONCE);
    const results = await Promise.all(batch.map((input) => play(input, clients)));
    results.forEach((failure, index) => {
      const input = batch[index] as FuzzInput;
      if (failure) failures.push(`${failure}: ${JSON.stringify(input)}`);
    });
    for (const client of clients.splice(0)) client.socket.destroy();
    // One batch's failures say enough; the rest would only add their waits.
    if (failures.length > 0) break;
  }
  expect(failures.slice(0, 5), `seed ${seed}, ${failures.length} failures`).toEqual([]);

  const fdDelta = (await settledFds(baseline)) - baseline;
  expect(fdDelta, `seed ${seed}`).toBe(0);
  for (const port of Object.values(ports)) expect(await port.getConnections()).toBe(0);

  // Still serving: a whole, valid conversation gets its tunnel.
  const tunnel = await socksTunnel(ports.openUpstream.port, { host: 'example.com', port: 80 });
  tunnel.destroy();
}, 60_000);
