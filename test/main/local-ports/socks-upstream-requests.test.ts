import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { listen } from '../../../tools/local-network/listening';
import {
  deadPort,
  startSocksProxy,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import { rawExchange } from './local-clients';
import { rawApp } from './raw-peers';
import { until } from './until';

// Plain HTTP requests through a port whose upstream is SOCKS5: the port is the proxy there, and
// reaches each site through a tunnel of the SOCKS5 upstream (http-relay.ts).

const LOGIN = { username: 'plan-user', password: 'upstream-Secret-7' };

/** A site that answers each request with how it came: `<url> host=<Host> <field names> body=<body>`. */
interface Site {
  port: number;
  url(path: string): string;
  /** Every request it was sent, as answered. */
  seen: string[];
  server: Server;
}

async function startSite(name: string): Promise<Site> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fields = Object.keys(request.headers).sort().join(',');
      const body = Buffer.concat(chunks).toString();
      const text = `${name}${request.url} host=${request.headers.host} ${fields} body=${body};`;
      seen.push(text);
      response.writeHead(200, { 'content-length': String(Buffer.byteLength(text)) });
      response.end(text);
    });
  });
  // An Upgrade to a protocol that answers each piece upper-cased.
  server.on('upgrade', (_request, socket: Socket, head: Buffer) => {
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: shout\r\n\r\n',
    );
    if (head.length > 0) socket.write(head.toString().toUpperCase());
    socket.on('data', (chunk: Buffer) => socket.write(chunk.toString().toUpperCase()));
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return { port, seen, server, url: (path) => `http://127.0.0.1:${port}${path}` };
}

let socks: LocalServer;
let one: Site;
let two: Site;
let local: LocalPort;

beforeAll(async () => {
  [socks, one, two] = await Promise.all([
    startSocksProxy(LOGIN),
    startSite('one'),
    startSite('two'),
  ]);
});
afterAll(async () => {
  await socks.close();
  for (const site of [one, two]) {
    site.server.closeAllConnections();
    site.server.close();
  }
});
beforeEach(async () => {
  local = await startLocalPort({
    upstream: { protocol: 'socks5', host: '127.0.0.1', port: socks.port, ...LOGIN },
  });
  socks.sockets.reset();
});
afterEach(() => local.close());

describe('plain requests through a SOCKS5 upstream', () => {
  it("send the site origin form with the URL's Host, and none of the fields meant for a proxy", async () => {
    const app = await rawApp(local.port);
    app.write(
      `GET ${one.url('/a/../b?c=d')} HTTP/1.1\r\nHost: elsewhere.test\r\n` +
        'Proxy-Authorization: Basic bG9jYWw6cHc=\r\nProxy-Connection: keep-alive\r\nX-Kept: yes\r\n\r\n',
    );
    await app.waitFor(';');
    expect(one.seen.at(-1)).toBe(`one/a/../b?c=d host=127.0.0.1:${one.port} host,x-kept body=;`);
    expect(app.received()).toMatch(/^HTTP\/1\.1 200 /);
    app.socket.destroy();
  });

  it("keep one tunnel for a kept-alive connection's requests to one site", async () => {
    const app = await rawApp(local.port);
    for (const path of ['/first', '/second', '/third']) {
      app.write(`GET ${one.url(path)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await app.waitFor(`one${path}`);
    }
    expect(socks.sockets.accepted).toBe(1);
    app.socket.destroy();
  });

  it('one after another to two sites, go each through a tunnel to its own site', async () => {
    const app = await rawApp(local.port);
    for (const [site, answer] of [
      [one, 'one/a'],
      [two, 'two/b'],
      [one, 'one/c'],
    ] as const) {
      app.write(`GET ${site.url(answer.slice(3))} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await app.waitFor(answer);
    }
    expect(socks.sockets.accepted).toBe(3);
    app.socket.destroy();
  });

  it('pipelined to two sites, go each through a tunnel to its site and are answered in order', async () => {
    const app = await rawApp(local.port);
    app.write(
      `GET ${one.url('/1')} HTTP/1.1\r\nHost: x\r\n\r\n` +
        `POST ${two.url('/2')} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `5\r\nhello\r\n0\r\n\r\n` +
        `POST ${two.url('/3')} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nworld` +
        `GET ${one.url('/4')} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    await app.waitFor(';', 4);
    const answered = [...app.received().matchAll(/(one|two)\/\d[^;]*body=[^;]*;/g)].map(([text]) =>
      text.replace(/ host=.*body=/, ' '),
    );
    expect(answered).toEqual(['one/1 ;', 'two/2 hello;', 'two/3 world;', 'one/4 ;']);
    // One tunnel per run of requests to a site: one, two, then one again.
    expect(socks.sockets.accepted).toBe(3);
    app.socket.destroy();
  });

  it('switch protocols when the site agrees, and then pass bytes as they are both ways', async () => {
    const app = await rawApp(local.port);
    app.write(
      `GET ${one.url('/shout')} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: shout\r\n\r\n` +
        'sent with the head',
    );
    await app.waitFor('SENT WITH THE HEAD');
    expect(app.received()).toMatch(/^HTTP\/1\.1 101 /);
    app.write('and after');
    await app.waitFor('AND AFTER');
    app.socket.destroy();
  });

  it('answer HEAD with the head alone, and go on with the next request', async () => {
    const app = await rawApp(local.port);
    app.write(
      `HEAD ${one.url('/head')} HTTP/1.1\r\nHost: x\r\n\r\n` +
        `GET ${one.url('/after')} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    await app.waitFor('one/after');
    const answers = app.received().split('HTTP/1.1 200 OK');
    // The HEAD answer states the length of a body it does not carry.
    expect(answers[1]).toMatch(/Content-Length: \d+\r\n(?:[^\r]+\r\n)*\r\n$/i);
    expect(one.seen.map((text) => text.split(' ')[0])).toContain('one/head');
    app.socket.destroy();
  });

  it('are refused in words for any scheme other than http://', async () => {
    const answer = await rawExchange(
      local.port,
      'GET https://127.0.0.1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.split('\r\n\r\n')[1]).toBe(
      'This is a proxy: send it requests for http:// addresses.',
    );
    expect(socks.sockets.accepted).toBe(0);
  });

  it('that the app leaves before their tunnel opens never reach the site, and the tunnel is closed', async () => {
    const seen = one.seen.length;
    const app = await rawApp(local.port);
    app.write(`GET ${one.url('/left')} HTTP/1.1\r\nHost: x\r\n\r\n`);
    app.socket.destroy();
    await until(() => socks.sockets.accepted === 1 && socks.sockets.open === 0);
    expect(one.seen.slice(seen)).toEqual([]);
  });

  it('with a body found malformed while the tunnel opens, are answered once, for the body', async () => {
    const port = await startLocalPort({
      upstream: { protocol: 'socks5', host: '127.0.0.1', port: await deadPort(), ...LOGIN },
    });
    try {
      const app = await rawApp(port.port);
      app.write(
        `POST ${one.url('/upload')} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      );
      await until(() => app.socket.readableEnded);
      expect(app.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(app.received().split('\r\n\r\n')[1]).toBe(
        'The request body could not be read as HTTP.',
      );
      app.socket.destroy();
      // The tunnel's failure comes after: the app was answered, so it is not the port's last error.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(port.stats().lastError).toBeNull();
    } finally {
      await port.close();
    }
  });

  it('to a site the upstream cannot reach, get its failure in words, kept in the stats', async () => {
    const app = await rawApp(local.port);
    app.write(
      `GET ${one.url('/ok')} HTTP/1.1\r\nHost: x\r\n\r\n` +
        `GET http://127.0.0.1:${await deadPort()}/ HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    await app.waitFor('Proxy Tray:');
    const text = app.received();
    // The first answer arrives whole before the failure of the second.
    expect(text.indexOf('one/ok')).toBeLessThan(text.indexOf('HTTP/1.1 502 '));
    const failure = local.stats().lastError?.message;
    expect(failure).toMatch(/^the proxy would not open the connection \(SOCKS5: /);
    expect(text).toContain(`Proxy Tray: ${failure}.`);
    app.socket.destroy();
  });
});
