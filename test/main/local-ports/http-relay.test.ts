import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { listen } from '../../../tools/local-network/listening';
import { startRecordingHttpProxy, type RecordingProxy } from './recording-servers';
import {
  rawApp,
  startScriptedUpstream,
  type RawConnection,
  type ScriptedUpstream,
} from './raw-peers';
import { until, untilSteady } from './until';

const LOGIN = { username: 'plan-user', password: 'Relay-Secret-42' };
const UPSTREAM_LOGIN = `Basic ${Buffer.from(`${LOGIN.username}:${LOGIN.password}`).toString('base64')}`;
const APP_LOGIN = `Basic ${Buffer.from('app:not-for-upstream').toString('base64')}`;
const DOWNLOAD_BYTES = 32 * 1024 * 1024;

/** Deterministic bytes that are not all alike, so a chunk written twice or skipped shows. */
function patternBytes(length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let state = 0x12345678;
  for (let index = 0; index < length; index += 4) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes.writeUInt32LE(state, index);
  }
  return bytes;
}
const DOWNLOAD = patternBytes(DOWNLOAD_BYTES);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const opened: LocalPort[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((port) => port.close()));
});
async function openTo(
  upstreamPort: number,
  localPassword?: string,
  tunnelTimeoutMs?: number,
): Promise<LocalPort> {
  const port = await startLocalPort({
    upstream: { protocol: 'http', host: '127.0.0.1', port: upstreamPort, ...LOGIN },
    localPassword,
    tunnelTimeoutMs,
  });
  opened.push(port);
  return port;
}

describe('through a real HTTP proxy to a real site', () => {
  let upstream: RecordingProxy;
  let origin: Server;
  let originUrl: string;
  const originSaw: IncomingMessage['headers'][] = [];

  beforeAll(async () => {
    origin = createServer((incoming, answer) => {
      originSaw.push(incoming.headers);
      const body: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => body.push(chunk));
      incoming.on('end', () => {
        if (incoming.url === '/download') {
          answer.writeHead(200, { 'content-length': String(DOWNLOAD_BYTES) });
          answer.end(DOWNLOAD);
        } else {
          answer.writeHead(200, { 'content-type': 'text/plain', 'x-method': incoming.method });
          answer.end(`${incoming.method} ${Buffer.concat(body).toString()}`);
        }
      });
    });
    await listen(origin);
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    upstream = await startRecordingHttpProxy(LOGIN);
  });
  afterAll(async () => {
    origin.closeAllConnections();
    origin.close();
    await upstream.close();
  });

  function send(
    port: LocalPort,
    agent: Agent,
    method: string,
    parts: string[] = [],
  ): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: port.port,
          method,
          path: `${originUrl}/echo`,
          headers: { 'proxy-authorization': APP_LOGIN },
          agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              headers: response.headers,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      // More than one write and no length: Node sends the body chunked.
      for (const part of parts) outgoing.write(part);
      outgoing.end();
    });
  }

  it('carries many requests over one app connection, each with the upstream login, never the app login', async () => {
    const port = await openTo(upstream.port);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const seenBefore = upstream.seen.length;
    const answers = [];
    answers.push(await send(port, agent, 'GET'));
    answers.push(await send(port, agent, 'POST', ['chunked ', 'up', 'load']));
    answers.push(await send(port, agent, 'GET'));
    // Last: after an answer to HEAD without a length, Node's agent opens a new connection
    // (it does so talking to the upstream directly too).
    answers.push(await send(port, agent, 'HEAD'));
    agent.destroy();

    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, 'GET '],
      [200, 'POST chunked upload'],
      [200, 'GET '],
      [200, ''],
    ]);
    expect(answers[3]?.headers['x-method']).toBe('HEAD');
    expect(port.stats().totalConnections).toBe(1);
    const seen = upstream.seen.slice(seenBefore);
    expect(seen.map((entry) => entry.headers['proxy-authorization'])).toEqual(
      Array(4).fill(UPSTREAM_LOGIN),
    );
    expect(originSaw.some((headers) => 'proxy-authorization' in headers)).toBe(false);
  });

  it('delivers a 32 MB download byte for byte, holding the upstream back while the app is not reading', async () => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    app.socket.pause();
    app.write(`GET ${originUrl}/download HTTP/1.1\r\nHost: x\r\n\r\n`);
    const last = await untilSteady(() => port.stats().bytesDown);
    // Without backpressure the relay would have queued the whole download for the app by now.
    expect(last).toBeLessThan(DOWNLOAD_BYTES / 2);
    // Then reads in fits and starts, so the relay's writes often stop part-way: a read buffer
    // reused while a write still points into it would show as changed bytes.
    const fitful = setInterval(
      () => (app.socket.isPaused() ? app.socket.resume() : app.socket.pause()),
      1,
    );
    await until(() => app.received().length >= DOWNLOAD_BYTES, 20_000).finally(() =>
      clearInterval(fitful),
    );
    const received = Buffer.from(app.received(), 'latin1');
    const body = received.subarray(received.indexOf('\r\n\r\n') + 4);
    expect(body.length).toBe(DOWNLOAD_BYTES);
    expect(sha256(body)).toBe(sha256(DOWNLOAD));
    app.socket.destroy();
  });

  it('tunnels a CONNECT that follows plain requests on the same connection', async () => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    const { host } = new URL(originUrl);
    app.write(`GET ${originUrl}/echo HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    app.write(`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);

    await app.waitFor('200 Connection Established\r\n\r\n');
    app.write(`PUT /echo HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 6\r\n\r\ntunnel`);
    await app.waitFor('PUT tunnel');
    expect(app.received()).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n0\r\n\r\nHTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK\r\n/,
    );
    app.socket.destroy();
  });
});

describe('against an upstream answering byte by byte', () => {
  let upstream: ScriptedUpstream;
  beforeAll(async () => {
    upstream = await startScriptedUpstream();
  });
  afterEach(() => {
    for (const connection of upstream.connections.splice(0)) connection.socket.destroy();
  });
  afterAll(() => upstream.close());

  /** A port to the scripted upstream, an app that sent `text` there, and the upstream's side. */
  async function sent(text: string): Promise<{
    port: LocalPort;
    app: RawConnection;
    up: RawConnection;
  }> {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    app.write(text);
    const up = await upstream.connection();
    await up.waitFor('\r\n\r\n');
    return { port, app, up };
  }

  it('sends pipelined requests on in order and writes each answer back as it came', async () => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    app.write(
      `GET http://site.test/a HTTP/1.1\r\nHost: site.test\r\nProxy-Authorization: ${APP_LOGIN}\r\n\r\n` +
        'HEAD http://site.test/b HTTP/1.1\r\nHost: site.test\r\n\r\n',
    );
    const up = await upstream.connection();
    await up.waitFor('\r\n\r\n', 2);
    expect(up.received()).toBe(
      `GET http://site.test/a HTTP/1.1\r\nHost: site.test\r\nProxy-Authorization: ${UPSTREAM_LOGIN}\r\n\r\n` +
        `HEAD http://site.test/b HTTP/1.1\r\nHost: site.test\r\nProxy-Authorization: ${UPSTREAM_LOGIN}\r\n\r\n`,
    );
    // A UTF-8 file name (bytes beyond ASCII), chunks with a trailer, then a HEAD answer whose
    // length announces a body that never comes.
    const answers = Buffer.concat([
      Buffer.from('HTTP/1.1 200 OK\r\nContent-Disposition: attachment; filename="naïve.txt"\r\n'),
      Buffer.from('Transfer-Encoding: chunked\r\nTrailer: X-Sum\r\n\r\n'),
      Buffer.from('5\r\nhello\r\n6\r\n world\r\n0\r\nX-Sum: 11\r\n\r\n'),
      Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n'),
    ]);
    up.write(answers);
    // The same bytes, but for the framing, which the relay writes itself after the other fields.
    const relayed = Buffer.concat([
      Buffer.from('HTTP/1.1 200 OK\r\nContent-Disposition: attachment; filename="naïve.txt"\r\n'),
      Buffer.from('Trailer: X-Sum\r\nTransfer-Encoding: chunked\r\n\r\n'),
      Buffer.from('5\r\nhello\r\n6\r\n world\r\n0\r\nX-Sum: 11\r\n\r\n'),
      Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n'),
    ]);
    await until(() => app.received().length >= relayed.length);
    expect(Buffer.from(app.received(), 'latin1').equals(relayed)).toBe(true);
    app.write('GET http://site.test/c HTTP/1.1\r\nHost: site.test\r\n\r\n');
    await up.waitFor('/c HTTP/1.1');
    expect(upstream.connections).toHaveLength(1);
  });

  it('sends a chunked upload on chunk for chunk, with its trailer', async () => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    const body = '4\r\nWiki\r\n5\r\npedia\r\n0\r\nX-Check: 9\r\n\r\n';
    app.write(
      'POST http://site.test/up HTTP/1.1\r\nHost: site.test\r\nTransfer-Encoding: chunked\r\n' +
        `Content-Length: 99\r\n\r\n${body}`,
    );
    const up = await upstream.connection();
    await up.waitFor('X-Check: 9\r\n\r\n');
    expect(up.received()).toBe(
      'POST http://site.test/up HTTP/1.1\r\nHost: site.test\r\nTransfer-Encoding: chunked\r\n' +
        `Proxy-Authorization: ${UPSTREAM_LOGIN}\r\n\r\n${body}`,
    );
  });

  it('passes 100 Continue, then the body, then the final answer', async () => {
    const { app, up } = await sent(
      'POST http://site.test/up HTTP/1.1\r\nHost: site.test\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n',
    );
    up.write('HTTP/1.1 100 Continue\r\n\r\n');
    await app.waitFor('100 Continue');
    app.write('hello');
    await up.waitFor('\r\n\r\nhello');
    up.write('HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n');
    await app.waitFor('201 Created');
    app.write('GET http://site.test/next HTTP/1.1\r\nHost: site.test\r\n\r\n');
    await up.waitFor('/next');
    up.write('HTTP/1.1 204 No Content\r\n\r\n');
    await app.waitFor('204 No Content');
    expect(app.received()).toBe(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n' +
        'HTTP/1.1 204 No Content\r\n\r\n',
    );
  });

  it('ends an answer without a length where the upstream ends it, and the app connection too', async () => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    const ended = once(app.socket, 'end');
    app.write('GET http://site.test/old HTTP/1.0\r\nHost: site.test\r\n\r\n');
    const up = await upstream.connection();
    await up.waitFor('\r\n\r\n');
    up.write('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nfirst ');
    await app.waitFor('first ');
    up.socket.end('second');
    await ended;
    expect(app.received()).toBe('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nfirst second');
  });

  it("sends CONNECT anew on a connection of its own, holding the app's early bytes until the tunnel is open", async () => {
    const { app, up: plain } = await sent(
      'GET http://site.test/1 HTTP/1.1\r\nHost: site.test\r\n\r\n',
    );
    app.write(
      `CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\nUser-Agent: app/1\r\nProxy-Authorization: ${APP_LOGIN}\r\n\r\n\x16\x03\x01early`,
    );
    plain.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    const tunnel = await upstream.connection(1);
    await tunnel.waitFor('\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(tunnel.received()).toBe(
      `CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\nProxy-Authorization: ${UPSTREAM_LOGIN}\r\n\r\n`,
    );
    tunnel.write(
      'HTTP/1.1 200 Connection established\r\nProxy-Agent: up\r\n\r\n\x16\x03\x03server',
    );
    await tunnel.waitFor('\x16\x03\x01early');
    await app.waitFor('server');
    expect(app.received()).toBe(
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok' +
        'HTTP/1.1 200 Connection Established\r\n\r\n\x16\x03\x03server',
    );
    app.write('GET / HTTP/1.1\r\n\r\n');
    await tunnel.waitFor('early' + 'GET / HTTP/1.1\r\n\r\n');
  });

  it('words a CONNECT the upstream refuses, with its status', async () => {
    const { port, app, up } = await sent(
      'CONNECT blocked.test:25 HTTP/1.1\r\nHost: blocked.test:25\r\n\r\n',
    );
    up.write('HTTP/1.1 403 Forbidden\r\nContent-Length: 4\r\n\r\nnope');
    await until(() => app.socket.readableEnded);
    expect(app.received()).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(app.received()).toContain(
      'Proxy Tray: the proxy would not open the connection (HTTP 403).',
    );
    expect(port.stats().lastError?.message).toBe(
      'the proxy would not open the connection (HTTP 403)',
    );
  });

  it.each([100, 302])(
    'fails a CONNECT the upstream answers %i: only a 2xx opens the tunnel',
    async (status) => {
      const { port, app, up } = await sent(
        'CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\n',
      );
      up.write(`HTTP/1.1 ${status} Not Now\r\nLocation: http://elsewhere.test/\r\n\r\n`);
      await until(() => app.socket.readableEnded);
      expect(app.received()).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n/);
      expect(port.stats().lastError?.message).toBe(
        `the proxy would not open the connection (HTTP ${status})`,
      );
    },
  );

  it('opens the tunnel on the last 2xx to CONNECT (299) as on 200', async () => {
    const { port, app, up } = await sent(
      'CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\n',
    );
    up.write('HTTP/1.1 299 Fine\r\n\r\nfrom site');
    await app.waitFor('from site');
    expect(app.received()).toBe('HTTP/1.1 200 Connection Established\r\n\r\nfrom site');
    app.write('to site');
    await up.waitFor('to site');
    expect(port.stats().lastError).toBeNull();
  });

  it('passes bytes unparsed both ways once an Upgrade is answered', async () => {
    const { app, up } = await sent(
      'GET http://site.test/ws HTTP/1.1\r\nHost: site.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    up.write(
      'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n\x81\x02hi',
    );
    await app.waitFor('\x81\x02hi');
    app.write('not HTTP at all\r\n\r\n');
    await up.waitFor('not HTTP at all\r\n\r\n');
    up.write('\x88\x00');
    await app.waitFor('\x88\x00');
  });

  it("holds the app's bytes sent with an Upgrade head, and passes them on once it is answered", async () => {
    const { app, up } = await sent(
      'GET http://site.test/ws HTTP/1.1\r\nHost: site.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\nearly frame',
    );
    up.write(
      'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    await up.waitFor('\r\n\r\nearly frame');
    await app.waitFor('101 Switching Protocols');
    app.write('next frame');
    await up.waitFor('early framenext frame');
  });

  it('keeps a slow answer and an idle CONNECT tunnel past the time the upstream has to open it', async () => {
    const TUNNEL_TIMEOUT_MS = 200;
    const port = await openTo(upstream.port, undefined, TUNNEL_TIMEOUT_MS);
    const plain = await rawApp(port.port);
    plain.write('GET http://site.test/slow HTTP/1.1\r\nHost: site.test\r\n\r\n');
    const slow = await upstream.connection();
    const tunnelApp = await rawApp(port.port);
    tunnelApp.write('CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\n');
    const tunnel = await upstream.connection(1);
    await tunnel.waitFor('\r\n\r\n');
    tunnel.write('HTTP/1.1 200 Connection established\r\n\r\n');
    await tunnelApp.waitFor('200 Connection Established\r\n\r\n');
    // Both sit still three times as long as the upstream had to open a tunnel.
    await new Promise((resolve) => setTimeout(resolve, TUNNEL_TIMEOUT_MS * 3));
    slow.write('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlate');
    await plain.waitFor('late');
    tunnelApp.write('ping');
    await tunnel.waitFor('ping');
    tunnel.write('pong');
    await tunnelApp.waitFor('pong');
    expect(port.stats().lastError).toBeNull();
  });

  it('holds the app back while the upstream is not reading an upload, then delivers it whole', async () => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    app.write(
      `POST http://site.test/upload HTTP/1.1\r\nHost: site.test\r\nContent-Length: ${DOWNLOAD_BYTES}\r\n\r\n`,
    );
    const up = await upstream.connection();
    up.socket.pause();
    app.write(DOWNLOAD);
    const last = await untilSteady(() => port.stats().bytesUp);
    // Without backpressure the relay would have read the whole upload from the app by now.
    expect(last).toBeLessThan(DOWNLOAD_BYTES / 2);
    up.socket.resume();
    await until(() => up.received().length >= DOWNLOAD_BYTES, 20_000);
    const received = Buffer.from(up.received(), 'latin1');
    const body = received.subarray(received.indexOf('\r\n\r\n') + 4);
    expect(sha256(body)).toBe(sha256(DOWNLOAD));
  });

  it('holds the upstream back through a CONNECT tunnel while the app is not reading, then delivers all', async () => {
    const { port, app, up } = await sent(
      'CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\n',
    );
    up.write('HTTP/1.1 200 Connection established\r\n\r\n');
    await app.waitFor('\r\n\r\n');
    app.socket.pause();
    up.write(DOWNLOAD);
    const last = await untilSteady(() => port.stats().bytesDown);
    // Without backpressure the relay would have queued the whole download for the app by now.
    expect(last).toBeLessThan(DOWNLOAD_BYTES / 2);
    app.socket.resume();
    await until(() => app.received().length >= DOWNLOAD_BYTES, 20_000);
    const received = Buffer.from(app.received(), 'latin1');
    expect(sha256(received.subarray(received.indexOf('\r\n\r\n') + 4))).toBe(sha256(DOWNLOAD));
  });

  it('holds a download back while the app is not reading, with a CONNECT waiting behind it, then goes on', async () => {
    const { port, app, up } = await sent(
      'GET http://site.test/big HTTP/1.1\r\nHost: site.test\r\n\r\n' +
        'CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\nearly',
    );
    app.socket.pause();
    up.write(`HTTP/1.1 200 OK\r\nContent-Length: ${DOWNLOAD_BYTES}\r\n\r\n`);
    up.write(DOWNLOAD);
    const last = await untilSteady(() => port.stats().bytesDown);
    expect(last).toBeLessThan(DOWNLOAD_BYTES / 2);
    app.socket.resume();
    const tunnel = await upstream.connection(1);
    await tunnel.waitFor('\r\n\r\n');
    tunnel.write('HTTP/1.1 200 Connection established\r\n\r\n');
    await tunnel.waitFor('\r\n\r\nearly');
    await app.waitFor('HTTP/1.1 200 Connection Established\r\n\r\n');
    const received = Buffer.from(app.received(), 'latin1');
    const body = received.subarray(received.indexOf('\r\n\r\n') + 4, -39);
    expect(sha256(body)).toBe(sha256(DOWNLOAD));
  });

  it('opens another upstream connection when the last one closed while idle', async () => {
    const {
      port,
      app,
      up: first,
    } = await sent('GET http://site.test/1 HTTP/1.1\r\nHost: site.test\r\n\r\n');
    first.write('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none');
    await app.waitFor('one');
    first.socket.end();
    await until(() => first.socket.closed);
    app.write('GET http://site.test/2 HTTP/1.1\r\nHost: site.test\r\n\r\n');
    const second = await upstream.connection(1);
    await second.waitFor('\r\n\r\n');
    second.write('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo');
    await app.waitFor('two');
    expect(app.socket.destroyed).toBe(false);
    expect(port.stats().lastError).toBeNull();
  });

  it.each([
    ['304 Not Modified', 'Content-Length: 100\r\n'],
    ['204 No Content', ''],
  ])(
    'ends a %s at its head, so the upstream closing afterwards cuts nothing',
    async (status, field) => {
      const {
        port,
        app,
        up: first,
      } = await sent('GET http://site.test/1 HTTP/1.1\r\nHost: site.test\r\n\r\n');
      first.write(`HTTP/1.1 ${status}\r\n${field}\r\n`);
      await app.waitFor(status);
      first.socket.end();
      await until(() => first.socket.closed);
      app.write('GET http://site.test/2 HTTP/1.1\r\nHost: site.test\r\n\r\n');
      const second = await upstream.connection(1);
      await second.waitFor('\r\n\r\n');
      second.write('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo');
      await app.waitFor('two');
      expect(app.received()).toBe(
        `HTTP/1.1 ${status}\r\n${field}\r\nHTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo`,
      );
      expect(port.stats().lastError).toBeNull();
    },
  );

  it("answers the upstream's 407 in words instead of passing on its login prompt", async () => {
    const { port, app, up } = await sent(
      'GET http://site.test/1 HTTP/1.1\r\nHost: site.test\r\n\r\n',
    );
    up.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    await app.waitFor('ok');
    app.write('GET http://site.test/2 HTTP/1.1\r\nHost: site.test\r\n\r\n');
    await up.waitFor('\r\n\r\n', 2);
    up.write(
      'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="up"\r\n\r\n',
    );
    await until(() => app.socket.readableEnded || app.socket.destroyed);
    const answers = app.received();
    expect(answers).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*okHTTP\/1\.1 502 Bad Gateway\r\n/);
    expect(answers).toContain('Proxy Tray: the proxy refused the login (407).');
    expect(answers).not.toContain('Proxy-Authenticate');
    expect(port.stats().lastError?.message).toBe('the proxy refused the login (407)');
  });

  it('says so when the upstream answers more than it was asked', async () => {
    const { port, app, up } = await sent(
      'GET http://site.test/1 HTTP/1.1\r\nHost: site.test\r\n\r\n',
    );
    up.write(
      'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\noneHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nextra',
    );
    await until(() => app.socket.readableEnded);
    expect(app.received()).toMatch(
      /^HTTP\/1\.1 200 OK\r\nContent-Length: 3\r\n\r\noneHTTP\/1\.1 502 Bad Gateway\r\n/,
    );
    expect(app.received()).toContain('the proxy did not answer as an HTTP proxy');
    expect(app.received()).not.toContain('extra');
    expect(port.stats().lastError?.message).toContain('did not answer as an HTTP proxy');
  });

  it('says when the answer is not HTTP, and cuts an answer the upstream breaks off', async () => {
    const {
      port,
      app: first,
      up,
    } = await sent('GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n');
    up.write('SSH-2.0-OpenSSH_9.2\r\n\r\n');
    await until(() => first.socket.readableEnded);
    expect(first.received()).toMatch(/^HTTP\/1\.1 502 /);
    expect(first.received()).toContain('the proxy did not answer as an HTTP proxy');

    const second = await rawApp(port.port);
    second.write('GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n');
    const cut = await upstream.connection(1);
    await cut.waitFor('\r\n\r\n');
    cut.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten..');
    await second.waitFor('only ten..');
    cut.socket.destroy();
    await until(() => second.socket.destroyed || second.socket.readableEnded);
    expect(second.received()).toBe('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten..');
  });

  it('asks for the local password on every request, after the answers already due', async () => {
    const password = 'local-Pa55';
    const port = await openTo(upstream.port, password);
    const app = await rawApp(port.port);
    const local = `Basic ${Buffer.from(`any:${password}`).toString('base64')}`;
    app.write(
      `GET http://site.test/1 HTTP/1.1\r\nHost: site.test\r\nProxy-Authorization: ${local}\r\n\r\n` +
        'GET http://site.test/2 HTTP/1.1\r\nHost: site.test\r\n\r\n',
    );
    const up = await upstream.connection();
    await up.waitFor('\r\n\r\n');
    up.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    await until(() => app.socket.readableEnded);
    expect(app.received()).toMatch(
      /^HTTP\/1\.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP\/1\.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="Proxy Tray local port"/,
    );
    expect(up.received().split('\r\n\r\n')).toHaveLength(2);
    expect(up.received()).not.toContain(password);
    expect(up.received()).not.toContain(local);
  });

  const NOT_A_PROXY_REQUEST = 'This is a proxy: send it requests for http:// addresses.';
  it.each([
    [
      'a request for the port itself',
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      NOT_A_PROXY_REQUEST,
    ],
    [
      'a path that only names an address further on',
      'GET /go?to=http://site.test/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      NOT_A_PROXY_REQUEST,
    ],
    [
      'bytes that are not HTTP',
      '\x16\x03\x01 hello\r\n\r\n',
      'The request could not be read as HTTP.',
    ],
    [
      'another HTTP version',
      'GET http://site.test/ HTTP/2.0\r\nHost: site.test\r\n\r\n',
      'The request could not be forwarded as it is.',
    ],
    [
      'a body framing the relay cannot pass on',
      'POST http://site.test/ HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\nxx',
      "The request's length is not plain: one Content-Length or chunked.",
    ],
    [
      'an Upgrade whose body is chunked (where would the new protocol start?)',
      'GET http://site.test/ws HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      "The request's length is not plain: one Content-Length or chunked.",
    ],
    [
      'a CONNECT to something other than host:port',
      'CONNECT site.test HTTP/1.1\r\nHost: site.test\r\n\r\n',
      'The CONNECT target is not host:port.',
    ],
  ])('answers %s with 400 in words and sends nothing on', async (_, text, words) => {
    const port = await openTo(upstream.port);
    const app = await rawApp(port.port);
    app.write(text);
    await until(() => app.socket.readableEnded);
    expect(app.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(app.received().split('\r\n\r\n')[1]).toBe(words);
    app.socket.end();
    await until(async () => (await port.getConnections()) === 0);
    expect(upstream.connections).toHaveLength(0);
  });
});
