import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { openFds, settledFds } from '../../support/open-fds';
import {
  deadPort,
  startSocksProxy,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import { startRecordingHttpProxy, type RecordingProxy } from './recording-servers';

/**
 * `http_refused_1000_fd_delta`: a refused HTTP client must not cost a socket. Each client sends
 * its request, more bytes once the answer comes, and never closes its side by itself: before the fix the
 * port's `end()` waited for the app's own end, which a paused socket never read, so every
 * refused connection kept its descriptor until the process hit its limit.
 */

const LOGIN = { username: 'plan-user', password: 'Refusal-Secret-3' };
const CONNECTIONS = 1_000;
const LOCAL_LOGIN = `Basic ${Buffer.from('any:pw').toString('base64')}`;
const AT_ONCE = 200;

let httpUpstream: RecordingProxy;
let socksUpstream: LocalServer;
const opened: LocalPort[] = [];

beforeAll(async () => {
  [httpUpstream, socksUpstream] = await Promise.all([
    startRecordingHttpProxy(LOGIN),
    startSocksProxy(LOGIN),
  ]);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((port) => port.close()));
});
afterAll(async () => {
  await Promise.all([httpUpstream.close(), socksUpstream.close()]);
});

const EXTRA = 'more bytes the port will never read as a request';

/** Connects, writes `text`, and resolves with what came back once the port closed the connection. */
function refusedClient(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      // More bytes after the refusal arrives: the port no longer reads them.
      if (chunks.length === 0) socket.write(EXTRA);
      chunks.push(chunk);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(text);
    // Allowed half open, this client never ends its side unless the port closes the connection.
    socket.on('end', () => socket.destroy());
  });
}

async function refuseMany(port: number, text: string): Promise<string[]> {
  const answers: string[] = [];
  for (let start = 0; start < CONNECTIONS; start += AT_ONCE) {
    const batch = Array.from({ length: AT_ONCE }, () => refusedClient(port, text));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

const REFUSALS: Array<[string, string, RegExp]> = [
  [
    'a missing local password',
    `GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n`,
    // Node's parser, on the SOCKS5 upstream's side, may read the extra bytes as a bad second
    // request before the first is answered: 400 then.
    / 40[07] /,
  ],
  [
    'a CONNECT without the local password',
    `CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n`,
    / 407 /,
  ],
  [
    'a CONNECT to a target that is not host:port',
    `CONNECT no-port-here HTTP/1.1\r\nProxy-Authorization: ${LOCAL_LOGIN}\r\n\r\n`,
    / 400 /,
  ],
  ['a request that is not HTTP', `\x16\x03\x01 not http\r\n\r\n`, / 400 /],
  [
    'a CONNECT to a bad target',
    `CONNECT bad\x00host:443 HTTP/1.1\r\nProxy-Authorization: Basic OnB3\r\n\r\n`,
    / 400 /,
  ],
];

describe.each(['http', 'socks5'] as const)('through a %s upstream', (protocol) => {
  it.each(REFUSALS)(
    'closes 1,000 connections refused for %s: the process holds as many fds after as before',
    async (_, text, status) => {
      const upstreamPort = protocol === 'http' ? httpUpstream.port : socksUpstream.port;
      const port = await startLocalPort({
        upstream: { protocol, host: '127.0.0.1', port: upstreamPort, ...LOGIN },
        localPassword: 'pw',
      });
      opened.push(port);
      const before = openFds();
      const answers = await refuseMany(port.port, text);
      expect(answers.every((answer) => status.test(answer.split('\r\n')[0] ?? ''))).toBe(true);
      expect((await settledFds(before)) - before).toBe(0);
      expect(await port.getConnections()).toBe(0);
    },
    60_000,
  );
});

it('closes 1,000 connections whose upstream could not be reached, with the words', async () => {
  const port = await startLocalPort({
    upstream: { protocol: 'http', host: '127.0.0.1', port: await deadPort(), ...LOGIN },
  });
  opened.push(port);
  const before = openFds();
  const answers = await refuseMany(
    port.port,
    `GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n`,
  );
  expect(answers.every((answer) => answer.startsWith('HTTP/1.1 502 '))).toBe(true);
  expect((await settledFds(before)) - before).toBe(0);
}, 60_000);
