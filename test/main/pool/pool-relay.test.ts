import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPoolPort, type PoolPort } from '../../../src/main/pool/pool-port';
import type { PoolMember } from '../../../src/main/pool/pool-member';
import { listen } from '../../../tools/local-network/listening';
import {
  rawApp,
  startScriptedUpstream,
  type RawConnection,
  type ScriptedUpstream,
} from '../local-ports/raw-peers';
import { rawSocksClient, socks5 } from '../local-ports/socks-raw-clients';
import { until } from '../local-ports/until';
import { socksTunnel } from './pool-clients';

const NO_AUTH = 0x00;
const USERNAME_PASSWORD = 0x02;

/**
 * A pool port's HTTP relay in front of HTTP upstreams whose answers the tests write by hand: what
 * is sent again through another upstream, and what never is.
 */
let first: ScriptedUpstream;
let second: ScriptedUpstream;
let pool: PoolPort;

beforeAll(async () => {
  [first, second] = await Promise.all([startScriptedUpstream(), startScriptedUpstream()]);
});
afterEach(async () => {
  await pool.close();
  for (const upstream of [first, second]) {
    for (const connection of upstream.connections.splice(0)) connection.socket.destroy();
  }
});
afterAll(() => Promise.all([first.close(), second.close()]));

const memberAt = (id: number, port: number): PoolMember => ({
  id,
  entry: { host: '127.0.0.1', port, username: `user-${id}`, password: `pw-${id}` },
  latencyMs: null,
});
const loginOf = (id: number) =>
  `Proxy-Authorization: Basic ${Buffer.from(`user-${id}:pw-${id}`).toString('base64')}`;

async function poolOver(ports: number[]): Promise<PoolPort> {
  pool = await startPoolPort({
    members: ports.map((port, index) => memberAt(index, port)),
    protocol: 'http',
  });
  return pool;
}

const post = (body: string) =>
  `POST http://site.test/form HTTP/1.1\r\nHost: site.test\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
const REFUSED_LOGIN = 'HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n';
const OK = (text: string) => `HTTP/1.1 200 OK\r\nContent-Length: ${text.length}\r\n\r\n${text}`;

/** A port on 127.0.0.1 that refuses connections (its listener was closed). */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await listen(server);
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a request whose upstream refused our login (407)', () => {
  it('goes whole to another upstream with its own login, and the connection stays there', async () => {
    await poolOver([first.port, second.port]);
    const app = await rawApp(pool.port);
    // Larger than a socket's buffer, so the app is held back while the first upstream connects.
    const body = 'b'.repeat(60_000);
    app.write(post(body));
    const refusing = await first.connection();
    await refusing.waitFor(body);
    refusing.write(REFUSED_LOGIN);
    const taking = await second.connection();
    await taking.waitFor(body);
    expect(taking.received()).toContain(loginOf(1));
    expect(taking.received()).not.toContain(loginOf(0));
    taking.write(OK('done'));
    await app.waitFor('done');
    expect(app.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // The app's next request on the connection is read and goes to the same upstream.
    app.write('GET http://site.test/next HTTP/1.1\r\nHost: site.test\r\n\r\n');
    await taking.waitFor('GET http://site.test/next');
    taking.write(OK('next'));
    await app.waitFor('next');
    expect(first.connections).toHaveLength(1);
    expect(pool.members()[0]?.benched?.reason).toBe('the proxy refused the login (407)');
  });

  it('with a body too long to hold fails with the upstream: nothing is sent twice', async () => {
    await poolOver([first.port, second.port]);
    const app = await rawApp(pool.port);
    const body = 'b'.repeat(70_000);
    app.write(post(body));
    const refusing = await first.connection();
    await refusing.waitFor(body);
    refusing.write(REFUSED_LOGIN);
    await app.waitFor('Proxy Tray: the proxy refused the login (407).');
    expect(app.received()).toMatch(/^HTTP\/1\.1 502 /);
    expect(second.connections).toHaveLength(0);
  });
});

describe('an upstream that closed the connection', () => {
  it('after reading a plain request is not sent it again: it may have gone through', async () => {
    await poolOver([first.port, second.port]);
    const app = await rawApp(pool.port);
    app.write('GET http://site.test/once HTTP/1.1\r\nHost: site.test\r\n\r\n');
    const closing = await first.connection();
    await closing.waitFor('\r\n\r\n');
    closing.socket.destroy();
    await app.waitFor('Proxy Tray: the proxy closed the connection.');
    expect(second.connections).toHaveLength(0);
  });

  it('before answering a CONNECT moves the tunnel to another upstream', async () => {
    await poolOver([first.port, second.port]);
    const app = await rawApp(pool.port);
    app.write('CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\nearly');
    const closing = await first.connection();
    await closing.waitFor('\r\n\r\n');
    closing.socket.destroy();
    const taking = await second.connection();
    await taking.waitFor('\r\n\r\n');
    expect(taking.received()).toMatch(/^CONNECT site\.test:443 HTTP\/1\.1\r\n/);
    expect(taking.received()).toContain(loginOf(1));
    taking.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    await app.waitFor('HTTP/1.1 200 Connection Established\r\n\r\n');
    // The bytes the app sent early go through the tunnel that opened.
    await taking.waitFor('early');
  });
});

describe('when no upstream is left', () => {
  it('the app hears why the last one failed', async () => {
    await poolOver([await refusingPort()]);
    const app = await rawApp(pool.port);
    app.write('GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n');
    await app.waitFor('Proxy Tray: the proxy could not be reached (connection refused).');
    expect(app.received()).toMatch(/^HTTP\/1\.1 502 /);
  });

  it('a pool with no member says so, in every protocol', async () => {
    await poolOver([]);
    const plain = await rawApp(pool.port);
    plain.write('GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n');
    const tunnel = await rawApp(pool.port);
    tunnel.write('CONNECT site.test:443 HTTP/1.1\r\nHost: site.test:443\r\n\r\n');
    const words = 'Proxy Tray: no proxy of the pool could open the connection.';
    await Promise.all([plain.waitFor(words), tunnel.waitFor(words)]);
    for (const app of [plain, tunnel] as RawConnection[]) {
      expect(app.received()).toMatch(/^HTTP\/1\.1 503 /);
    }
    await expect(socksTunnel(pool.port, 443)).rejects.toThrow();
    expect(pool.stats().lastError?.message).toBe('no proxy of the pool could open the connection');
  });
});

describe('a SOCKS5 client that offers a login to a pool without a local password', () => {
  it('is asked for it, any password taken, and its session named by the username', async () => {
    await poolOver([first.port, second.port]);
    const tunnelOfSession = async (index: number) => {
      const client = await rawSocksClient(pool.port);
      client.write([
        ...socks5.greeting(NO_AUTH, USERNAME_PASSWORD),
        ...socks5.login('session-s', ''),
        ...socks5.connectDomain('site.test', 443),
      ]);
      const up = await first.connection(index);
      await up.waitFor('\r\n\r\n');
      expect(up.received()).toMatch(/^CONNECT site\.test:443 HTTP\/1\.1\r\n/);
      up.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      await client.waitForAnswer(14);
      expect([...client.answer()]).toEqual([
        0x05,
        USERNAME_PASSWORD,
        0x01,
        0x00,
        ...socks5.reply(0x00),
      ]);
      return client;
    };
    const clients = [await tunnelOfSession(0), await tunnelOfSession(1)];
    // Both on the session's upstream, which round robin alone would not have given twice.
    expect(second.connections).toHaveLength(0);
    expect(pool.members().map((member) => member.sessions)).toEqual([1, 0]);
    for (const client of clients) client.socket.destroy();
  });
});

describe('a request the relay cannot forward as it is', () => {
  it('is answered 400 in words, and no upstream is asked', async () => {
    await poolOver([first.port, second.port]);
    const app = await rawApp(pool.port);
    app.write('GET http://site.test/ HTTP/2.0\r\nHost: site.test\r\n\r\n');
    await app.waitFor('The request could not be forwarded as it is.');
    expect(app.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(first.connections).toHaveLength(0);
  });
});

describe('a SOCKS5 app that leaves while its tunnel opens', () => {
  it('has the upstream connection closed once the tunnel is open', async () => {
    await poolOver([first.port]);
    const client = await rawSocksClient(pool.port);
    client.write([...socks5.greeting(NO_AUTH), ...socks5.connectDomain('site.test', 443)]);
    const up = await first.connection();
    await up.waitFor('\r\n\r\n');
    client.socket.destroy();
    // The port has seen the app go before the upstream answers.
    await until(async () => (await pool.getConnections()) === 0);
    const closed = new Promise((resolve) => up.socket.once('close', resolve));
    up.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    await closed;
    expect(pool.members()[0]?.openConnections).toBe(0);
  });
});
