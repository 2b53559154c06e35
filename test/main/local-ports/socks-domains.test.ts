import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { startScriptedUpstream, type ScriptedUpstream } from './raw-peers';
import { rawSocksClient, socks5, socksExchange } from './socks-raw-clients';
import { regExpText } from '../../support/regexp-text';

/**
 * A SOCKS5 domain is written into an HTTP upstream's CONNECT line and Host header: the audit's
 * CR/LF domain injected a header and smuggled a second request. A domain that is not a host name
 * is refused at the handshake (Host unreachable, X'04') and nothing reaches the upstream, not even
 * a TCP connection; a host name is passed on as it came.
 */
const NO_AUTH = 0x00;
const REFUSED = [0x05, NO_AUTH, ...socks5.reply(0x04)];

let upstream: ScriptedUpstream;
let port: LocalPort;

beforeAll(async () => {
  upstream = await startScriptedUpstream();
  port = await startLocalPort({
    upstream: {
      protocol: 'http',
      host: '127.0.0.1',
      port: upstream.port,
      username: 'u',
      password: 'p',
    },
  });
});
afterAll(async () => {
  await port.close();
  await upstream.close();
});

describe('a domain that is not a host name', () => {
  it.each([
    ['CR LF and a header', 'example.com\r\nX-Injected: yes'],
    ['a smuggled request', 'example.com:443 HTTP/1.1\r\n\r\nGET http://evil/ HTTP/1.1\r\nX: y'],
    ['a bare LF', 'example.com\nHost: evil.example'],
    ['a bare CR', 'example.com\rX'],
    ['a NUL', 'example.com\0.evil'],
    ['a space', 'example.com HTTP/1.0'],
    ['a colon and port', 'example.com:8080'],
    ['an empty label', 'example..com'],
    ['raw UTF-8', 'bücher.example'],
    ['a DEL', 'example\x7f.com'],
  ])('is refused (X04) and closed, with %s, nothing sent upstream', async (_, domain) => {
    const before = upstream.connections.length;
    const answer = await socksExchange(port.port, [
      ...socks5.greeting(NO_AUTH),
      ...socks5.connectDomain(Buffer.from(domain, 'utf8'), 443),
    ]);
    expect([...answer]).toEqual(REFUSED);
    expect(upstream.connections).toHaveLength(before);
  });
});

describe('a host name', () => {
  it.each([
    ['my_host.example', 'my_host.example:443'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example:443'],
    ['example.com.', 'example.com.:443'],
    ['127.0.0.1', '127.0.0.1:443'],
    ['::1', '[::1]:443'],
  ])('%s is passed on to the upstream as CONNECT %s', async (domain, target) => {
    const seen = upstream.connections.length;
    const client = await rawSocksClient(port.port);
    client.write([...socks5.greeting(NO_AUTH), ...socks5.connectDomain(domain, 443)]);
    const connection = await upstream.connection(seen);
    await connection.waitFor('\r\n\r\n');
    expect(connection.received()).toMatch(
      new RegExp(
        `^CONNECT ${regExpText(target)} HTTP/1\\.1\\r\\nHost: ${regExpText(target)}\\r\\n`,
      ),
    );
    client.socket.destroy();
    connection.socket.destroy();
  });
});
