import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { startScriptedUpstream, type ScriptedUpstream } from './raw-peers';
import { rawSocksClient, socks5, socksExchange } from './socks-raw-clients';

/**
 * SOCKS5 to the letter (RFC 1928, RFC 1929) where a field is empty or a version is wrong: each
 * is answered and, when refused, closed by the port; none waits for bytes that will never come.
 */
const LOCAL_PASSWORD = 'Local-Pa55word-Zero';
const NO_AUTH = 0x00;
const USERNAME_PASSWORD = 0x02;
const CONNECT_OK = 'HTTP/1.1 200 Connection established\r\n\r\n';

let upstream: ScriptedUpstream;
let open: LocalPort;
let withPassword: LocalPort;

beforeAll(async () => {
  upstream = await startScriptedUpstream();
  const to = {
    protocol: 'http',
    host: '127.0.0.1',
    port: upstream.port,
    username: 'u',
    password: 'p',
  } as const;
  open = await startLocalPort({ upstream: to });
  withPassword = await startLocalPort({ upstream: to, localPassword: LOCAL_PASSWORD });
});
afterAll(async () => {
  await Promise.all([open.close(), withPassword.close(), upstream.close()]);
});

describe('a greeting with no methods (NMETHODS 0)', () => {
  it.each([
    ['without a local password', () => open],
    ['with a local password', () => withPassword],
  ])('is answered "no acceptable method" and closed, %s', async (_, port) => {
    expect([...(await socksExchange(port().port, socks5.greeting()))]).toEqual([0x05, 0xff]);
  });
});

describe('a domain of 0 bytes', () => {
  it('is answered Host unreachable (X04) and closed, and never reaches the upstream', async () => {
    const before = upstream.connections.length;
    const answer = await socksExchange(open.port, [
      ...socks5.greeting(NO_AUTH),
      ...socks5.connectDomain('', 443),
    ]);
    expect([...answer]).toEqual([0x05, NO_AUTH, ...socks5.reply(0x04)]);
    expect(upstream.connections.length).toBe(before);
  });
});

describe('the RFC 1929 login', () => {
  it('takes an empty username with the right password', async () => {
    const client = await rawSocksClient(withPassword.port);
    const seen = upstream.connections.length;
    client.write([
      ...socks5.greeting(USERNAME_PASSWORD),
      ...socks5.login('', LOCAL_PASSWORD),
      ...socks5.connectDomain('example.com', 443),
    ]);
    const connection = await upstream.connection(seen);
    await connection.waitFor('\r\n\r\n');
    expect(connection.received()).toMatch(/^CONNECT example\.com:443 HTTP\/1\.1\r\n/);
    connection.write(CONNECT_OK);
    await client.waitForAnswer(14);
    expect([...client.answer()]).toEqual([0x05, USERNAME_PASSWORD, 0x01, 0x00, ...socks5.reply(0)]);
    client.socket.destroy();
  });

  it('refuses an empty password (X01 X01) and closes', async () => {
    const answer = await socksExchange(withPassword.port, [
      ...socks5.greeting(USERNAME_PASSWORD),
      ...socks5.login('me', ''),
    ]);
    expect([...answer]).toEqual([0x05, USERNAME_PASSWORD, 0x01, 0x01]);
  });

  it('refuses an empty username and password alike', async () => {
    const answer = await socksExchange(withPassword.port, [
      ...socks5.greeting(USERNAME_PASSWORD),
      ...socks5.login('', ''),
    ]);
    expect([...answer]).toEqual([0x05, USERNAME_PASSWORD, 0x01, 0x01]);
  });

  it.each([0x00, 0x02, 0x05, 0xff])(
    'refuses sub-negotiation version %i, even with the right password, and closes',
    async (version) => {
      const before = upstream.connections.length;
      const answer = await socksExchange(withPassword.port, [
        ...socks5.greeting(USERNAME_PASSWORD),
        ...socks5.login('me', LOCAL_PASSWORD, version),
        ...socks5.connectDomain('example.com', 443),
      ]);
      expect([...answer]).toEqual([0x05, USERNAME_PASSWORD, 0x01, 0x01]);
      expect(upstream.connections.length).toBe(before);
    },
  );
});

describe('the reserved byte (RSV) of a request', () => {
  it('is not checked: a client that sets it is served (tolerant reader)', async () => {
    const client = await rawSocksClient(open.port);
    const request = socks5.connectDomain('example.com', 443);
    request[2] = 0xff;
    const seen = upstream.connections.length;
    client.write([...socks5.greeting(NO_AUTH), ...request]);
    const connection = await upstream.connection(seen);
    await connection.waitFor('\r\n\r\n');
    connection.write(CONNECT_OK);
    await client.waitForAnswer(12);
    expect([...client.answer()]).toEqual([0x05, NO_AUTH, ...socks5.reply(0)]);
    client.socket.destroy();
  });
});
