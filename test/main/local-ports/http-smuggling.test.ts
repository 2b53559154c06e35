import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { startSocksProxy, type LocalServer } from '../../../tools/local-network/proxy-servers';
import { rawApp, startScriptedUpstream, type ScriptedUpstream } from './raw-peers';
import { startHeaderEcho, type HeaderEcho } from './recording-servers';
import { until } from './until';

/**
 * Request smuggling and framing attacks, as an outside audit sent them, against both kinds of
 * upstream: the relay in front of an HTTP proxy (http-relay.ts, strict-http-parser.ts) and in
 * front of a SOCKS5 one (the same parser, heads sent to the sites). Each request hides a second
 * one, for `/smuggled`, that a reader with another idea of the framing would find: the port must
 * refuse the request with 400 and the hidden request may never reach the next hop. (The relay
 * sends a head on before its body arrives; a body found malformed cuts that upstream connection.)
 */

const LOGIN = { username: 'plan-user', password: 'Smuggling-Secret-7' };
const START = 'POST http://site.test/ HTTP/1.1\r\nHost: site.test\r\n';
const SMUGGLED = 'GET http://site.test/smuggled HTTP/1.1\r\nHost: site.test\r\n\r\n';
const smuggledAfter = (fields: string, body: string) => `${START}${fields}\r\n${body}${SMUGGLED}`;

const VECTORS: Array<[string, string]> = [
  [
    'a negative chunk size (-5)',
    smuggledAfter('Transfer-Encoding: chunked\r\n', '-5\r\nhello\r\n0\r\n\r\n'),
  ],
  ['a negative chunk size (-6)', smuggledAfter('Transfer-Encoding: chunked\r\n', '-6\r\n')],
  [
    'a hex-prefixed chunk size',
    smuggledAfter('Transfer-Encoding: chunked\r\n', '0x5\r\nhello\r\n0\r\n\r\n'),
  ],
  [
    'a chunk size with a sign',
    smuggledAfter('Transfer-Encoding: chunked\r\n', '+5\r\nhello\r\n0\r\n\r\n'),
  ],
  [
    'a chunk size led by a space',
    smuggledAfter('Transfer-Encoding: chunked\r\n', ' 5\r\nhello\r\n0\r\n\r\n'),
  ],
  ['an exponent length', smuggledAfter('Content-Length: 1e2\r\n', 'x')],
  ['a hex length', smuggledAfter('Content-Length: 0x10\r\n', 'x')],
  ['a signed length', smuggledAfter('Content-Length: +5\r\n', 'hello')],
  ['a decimal length', smuggledAfter('Content-Length: 5.0\r\n', 'hello')],
  ['an empty length', smuggledAfter('Content-Length: \r\n', '')],
  ['a list of lengths', smuggledAfter('Content-Length: 5, 0\r\n', 'hello')],
  ['two different lengths', smuggledAfter('Content-Length: 0\r\nContent-Length: 5\r\n', 'hello')],
  ['another transfer coding', smuggledAfter('Transfer-Encoding: gzip\r\n', '')],
  [
    'chunked twice',
    smuggledAfter('Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n'),
  ],
  [
    'a coding after chunked',
    smuggledAfter('Transfer-Encoding: chunked, identity\r\n', '0\r\n\r\n'),
  ],
];

/** What the app is told of each vector: a length it cannot trust, or a head or body it cannot read. */
function refusalWords(vector: string): string {
  // A chunk size is read once the head has gone on: that request is abandoned.
  if (vector.includes('chunk size')) return 'The request body could not be read as HTTP.';
  // Two Content-Length fields that disagree are refused by the parser itself.
  if (vector === 'two different lengths') return 'The request could not be read as HTTP.';
  return "The request's length is not plain: one Content-Length or chunked.";
}

let scripted: ScriptedUpstream;
let socks: LocalServer;
let origin: HeaderEcho;
const opened: LocalPort[] = [];

beforeAll(async () => {
  [scripted, socks, origin] = await Promise.all([
    startScriptedUpstream(),
    startSocksProxy(LOGIN),
    startHeaderEcho(),
  ]);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((port) => port.close()));
});
afterAll(async () => {
  await Promise.all([scripted.close(), socks.close(), origin.close()]);
});

async function open(protocol: 'http' | 'socks5'): Promise<LocalPort> {
  const upstreamPort = protocol === 'http' ? scripted.port : socks.port;
  const port = await startLocalPort({
    upstream: { protocol, host: '127.0.0.1', port: upstreamPort, ...LOGIN },
  });
  opened.push(port);
  return port;
}

/** What the app got back once the port closed its connection. */
async function answerTo(port: LocalPort, text: string): Promise<string> {
  const app = await rawApp(port.port);
  app.write(text.replaceAll('site.test', `127.0.0.1:${origin.port}`));
  await until(() => app.socket.readableEnded || app.socket.destroyed);
  return app.received();
}

describe.each(['http', 'socks5'] as const)('through a %s upstream', (protocol) => {
  it.each(VECTORS)('refuses %s with 400, in words, and sends nothing on', async (what, text) => {
    const port = await open(protocol);
    const connectionsBefore = scripted.connections.length;
    const seenBefore = origin.seen.length;
    const answer = await answerTo(port, text);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(refusalWords(what));
    const reached = scripted.connections.slice(connectionsBefore);
    await until(() => reached.every((connection) => connection.socket.closed));
    expect(reached.map((connection) => connection.received()).join('')).not.toContain('smuggled');
    expect(origin.seen.length).toBe(seenBefore);
  });
});

describe('answers from an HTTP upstream', () => {
  async function answered(
    answer: string,
    request = 'GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n',
  ) {
    const port = await open('http');
    const app = await rawApp(port.port);
    const index = scripted.connections.length;
    app.write(request);
    const up = await scripted.connection(index);
    await up.waitFor('\r\n\r\n');
    up.write(answer);
    await until(() => app.socket.readableEnded || app.socket.destroyed);
    return { app, up, port };
  }

  it.each([
    ['an exponent length', 'HTTP/1.1 200 OK\r\nContent-Length: 1e2\r\n\r\nhello'],
    [
      'a length beside another coding',
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: gzip\r\n\r\nhello',
    ],
  ])('says the proxy did not answer as HTTP when it sends %s', async (_, answer) => {
    const { app, port } = await answered(answer);
    expect(app.received()).toMatch(/^HTTP\/1\.1 502 /);
    expect(port.stats().lastError?.message).toBe('the proxy did not answer as an HTTP proxy');
  });

  it('cuts an answer whose chunk size is negative after its head went out, and says why', async () => {
    const { app, port } = await answered(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n',
    );
    expect(app.received()).toBe('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
    expect(port.stats().lastError?.message).toBe('the proxy did not answer as an HTTP proxy');
  });

  it('does not switch to a raw pipe on an Upgrade that was refused: the refusal, then the end', async () => {
    const upgrade =
      'GET http://site.test/ws HTTP/1.1\r\nHost: site.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n';
    const port = await open('http');
    const app = await rawApp(port.port);
    const index = scripted.connections.length;
    app.write(upgrade);
    const up = await scripted.connection(index);
    await up.waitFor('\r\n\r\n');
    up.write('HTTP/1.1 403 Forbidden\r\nContent-Length: 4\r\n\r\nnope');
    // Bytes after a refused answer would pass unparsed through a raw pipe.
    up.write('HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\nsmuggled');
    await until(() => app.socket.readableEnded || app.socket.destroyed);
    expect(app.received()).toBe('HTTP/1.1 403 Forbidden\r\nContent-Length: 4\r\n\r\nnope');
  });

  it('refuses a 101 to a request that did not ask to switch protocols', async () => {
    const { app } = await answered(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\nraw',
    );
    expect(app.received()).toMatch(/^HTTP\/1\.1 502 /);
    expect(app.received()).not.toContain('raw');
  });
});

it('answers the requests before a malformed head, then refuses it', async () => {
  const port = await open('http');
  const app = await rawApp(port.port);
  const index = scripted.connections.length;
  app.write('GET http://site.test/a HTTP/1.1\r\nHost: site.test\r\n\r\nNOT HTTP AT ALL\r\n\r\n');
  const up = await scripted.connection(index);
  await up.waitFor('\r\n\r\n');
  up.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
  await until(() => app.socket.readableEnded || app.socket.destroyed);
  expect(app.received()).toMatch(
    /^HTTP\/1\.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP\/1\.1 400 /,
  );
});

it('refuses a head longer than 80 KB even when it completes within one read', async () => {
  const port = await open('http');
  const connectionsBefore = scripted.connections.length;
  const text = `GET http://site.test/ HTTP/1.1\r\nX: ${'a'.repeat(144 * 1024)}\r\n\r\n`;
  expect(await answerTo(port, text)).toMatch(/^HTTP\/1\.1 400 /);
  expect(scripted.connections.length).toBe(connectionsBefore);
});
