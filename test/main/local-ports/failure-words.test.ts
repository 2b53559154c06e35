import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTarget } from '../../../src/main/local-ports/relay/http-connect';
import { basicPassword, basicUsername } from '../../../src/main/local-ports/local-password';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import {
  upstreamFailureOf,
  upstreamFailures,
} from '../../../src/main/local-ports/relay/upstream-failure';
import { until } from './until';

const coded = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.1:8080`), { code });

describe('upstreamFailureOf', () => {
  it.each([
    [
      new Error('Socks5 Authentication failed'),
      'auth_refused',
      'the proxy refused the login (SOCKS5)',
    ],
    [
      new Error('Received invalid Socks5 initial handshake (no accepted authentication type)'),
      'auth_refused',
      'the proxy refused the login (SOCKS5)',
    ],
    [
      new Error('Socks5 Authentication failed (server said no)'),
      'auth_refused',
      'the proxy refused the login (SOCKS5)',
    ],
    [
      new Error('Socks5 proxy rejected connection - HostUnreachable'),
      'target_refused',
      'the proxy would not open the connection (SOCKS5: host unreachable)',
    ],
    [
      new Error('Socks5 proxy rejected connection - NotAllowed '),
      'target_refused',
      'the proxy would not open the connection (SOCKS5: not allowed)',
    ],
    [
      new Error('Socks5 proxy rejected connection - '),
      'target_refused',
      'the proxy would not open the connection (SOCKS5: refused)',
    ],
    [
      new Error('Proxy connection timed out after 5000 ms'),
      'timeout',
      'the proxy did not open the connection in time',
    ],
    [
      new Error('SocksClient internal error (this should not happen)'),
      'bad_answer',
      'the proxy did not answer as a SOCKS5 proxy',
    ],
    [
      new Error('Proxy connection timed out'),
      'timeout',
      'the proxy did not open the connection in time',
    ],
    [new Error('Socket closed'), 'closed', 'the proxy closed the connection'],
    [
      new Error('Received invalid Socks5 final handshake response'),
      'bad_answer',
      'the proxy did not answer as a SOCKS5 proxy',
    ],
    [coded('ENOTFOUND'), 'dns', "the proxy's host name could not be found"],
    [coded('ETIMEDOUT'), 'unreachable', 'the proxy could not be reached (timed out)'],
    [coded('EHOSTUNREACH'), 'unreachable', 'the proxy could not be reached (EHOSTUNREACH)'],
    [coded('ENETUNREACH'), 'unreachable', 'the proxy could not be reached (ENETUNREACH)'],
    [coded('ECONNRESET'), 'closed', 'the proxy closed the connection'],
    ['not even an error', 'closed', 'the proxy closed the connection'],
  ])('words %s', (error, kind, message) => {
    expect(upstreamFailureOf(error)).toMatchObject({ name: 'UpstreamFailure', kind, message });
  });

  it('words its own failures, with the status and reply a local client is answered', () => {
    expect(upstreamFailures.noUpstream()).toMatchObject({
      kind: 'no_upstream',
      message: 'no proxy of the pool could open the connection',
      httpStatus: 503,
    });
    expect(upstreamFailures.notHttp()).toMatchObject({
      kind: 'bad_answer',
      message: 'the proxy did not answer as an HTTP proxy',
      httpStatus: 502,
    });
    expect(upstreamFailures.badDestination()).toMatchObject({
      kind: 'bad_destination',
      message: 'the destination is not a host name the proxy can be asked for',
      httpStatus: 400,
      socksReply: 0x04,
    });
    for (const [status, httpStatus] of [
      [399, 502],
      [400, 400],
      [599, 599],
      [600, 502],
    ]) {
      expect(upstreamFailures.connectStatus(status as number)).toMatchObject({
        kind: 'target_refused',
        httpStatus,
      });
    }
  });

  it('answers a local SOCKS client with the reply the upstream gave', () => {
    expect(
      upstreamFailureOf(new Error('Socks5 proxy rejected connection - ConnectionRefused'))
        .socksReply,
    ).toBe(0x05);
    expect(upstreamFailures.connectStatus(403)).toMatchObject({
      httpStatus: 403,
      socksReply: 0x02,
    });
    expect(upstreamFailures.connectStatus(502)).toMatchObject({
      httpStatus: 502,
      socksReply: 0x04,
    });
    expect(upstreamFailures.connectStatus(302).httpStatus).toBe(502);
  });
});

describe('connectTarget', () => {
  it.each([
    ['example.com:443', { host: 'example.com', port: 443 }],
    ['10.1.2.3:8080', { host: '10.1.2.3', port: 8080 }],
    ['[2001:db8::1]:443', { host: '2001:db8::1', port: 443 }],
    ['example.com', null],
    ['example.com:0', null],
    ['example.com:70000', null],
    ['a b:80', null],
    ['my_host.internal:80', { host: 'my_host.internal', port: 80 }],
    ['example.com:1', { host: 'example.com', port: 1 }],
    ['example.com:65535', { host: 'example.com', port: 65535 }],
    ['example.com:80x', null],
    [':80', null],
    ['site.test\r\nX-Injected: 1\r\n:80', null],
    ['site\u0000.test:80', null],
    ['site.test\n:80', null],
    ['sité.test:80', null],
    ['junk[::1]:443', null],
  ])('%j', (target, expected) => expect(connectTarget(target)).toEqual(expected));
});

it('reads the username and password of a Basic header only', () => {
  const encode = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
  expect(basicPassword(encode('u:p:w'))).toBe('p:w');
  expect(basicPassword(encode('no-colon'))).toBeNull();
  expect(basicPassword('Bearer abc')).toBeNull();
  expect(basicPassword(undefined)).toBeNull();
  expect(basicUsername(encode('session-7:p'))).toBe('session-7');
  expect(basicUsername(encode(':p'))).toBe('');
  expect(basicUsername(encode('no-colon'))).toBeNull();
  expect(basicUsername('Basic')).toBeNull();
});

describe('the SOCKS5 side refuses what it does not do', () => {
  let port: LocalPort;
  afterEach(() => port.close());

  async function exchange(bytes: number[][]): Promise<Buffer> {
    port = await startLocalPort({
      upstream: { protocol: 'http', host: '127.0.0.1', port: 9, username: 'u', password: 'p' },
    });
    const socket = net.connect(port.port, '127.0.0.1');
    socket.on('error', () => {});
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    for (const part of bytes) socket.write(Buffer.from(part));
    await until(() => socket.destroyed || socket.readableEnded);
    socket.destroy();
    return Buffer.concat(chunks);
  }

  it('answers no acceptable method when neither no-auth nor a login is offered (GSSAPI only)', async () => {
    expect([...(await exchange([[5, 1, 1]]))]).toEqual([5, 0xff]);
  });

  it('takes a login without a local password (any password), for a pool session', async () => {
    const reply = await exchange([
      [5, 1, 2],
      [1, 1, 0x61, 1, 0x62],
      [5, 1, 0, 1, 127, 0, 0, 1, 0, 80],
    ]);
    // Method username/password, login accepted, then the CONNECT's reply (its upstream is dead).
    expect([...reply.subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 0x01]);
  });

  it('refuses BIND with "command not supported"', async () => {
    const reply = await exchange([
      [5, 1, 0],
      [5, 2, 0, 1, 127, 0, 0, 1, 0, 80],
    ]);
    expect([...reply.subarray(2, 4)]).toEqual([5, 0x07]);
  });

  it('refuses an unknown address type', async () => {
    const reply = await exchange([
      [5, 1, 0],
      [5, 1, 0, 9],
    ]);
    expect([...reply.subarray(2, 4)]).toEqual([5, 0x08]);
  });

  it('drops a connection that is not SOCKS5 after its first byte', async () => {
    expect(
      (
        await exchange([
          [5, 1, 0],
          [4, 1, 0, 1],
        ])
      ).length,
    ).toBe(2);
  });
});
