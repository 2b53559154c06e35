import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type FleetUpstream,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';
import { openFds, settledFds } from '../../support/open-fds';

const CURL = '/usr/bin/curl';
/** curl's exit code for a refused SOCKS5 login (CURLE_PROXY). */
const CURLE_PROXY = 97;
/** How long a hanging upstream is watched for an answer that must not come. */
const SILENCE_MS = 300;

interface Login {
  username: string;
  password: string;
}

interface Answer {
  status: number;
  body: string;
}

const basic = (login: Login) =>
  `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;

/**
 * A plain proxy request for `url` through the upstream, with its login in Proxy-Authorization
 * (or the header given as it is, or none).
 */
function plainRequest(
  upstream: FleetUpstream,
  login: Login | string | null,
  url: string,
): Promise<Answer> {
  const authorization = typeof login === 'string' || login === null ? login : basic(login);
  return new Promise((resolve, reject) => {
    const sent = request({
      host: upstream.host,
      port: upstream.port,
      path: url,
      headers: {
        connection: 'close',
        ...(authorization !== null && { 'proxy-authorization': authorization }),
      },
    });
    sent.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.once('error', reject);
    sent.end();
  });
}

/** A CONNECT tunnel to the echo through the upstream, then a GET of `/` inside it. */
function tunnelledRequest(upstream: FleetUpstream, login: Login, echo: ExitEcho): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({
      host: upstream.host,
      port: upstream.port,
      method: 'CONNECT',
      path: `127.0.0.1:${echo.port}`,
      headers: { 'proxy-authorization': basic(login) },
    });
    sent.once('connect', (response, tunnel) => {
      if (response.statusCode !== 200) {
        tunnel.destroy();
        return resolve({ status: response.statusCode ?? 0, body: '' });
      }
      let raw = '';
      tunnel.setEncoding('utf8');
      tunnel.on('data', (chunk: string) => (raw += chunk));
      tunnel.once('end', () => resolve({ status: 200, body: raw.split('\r\n\r\n')[1] ?? '' }));
      tunnel.once('error', reject);
      // Not end(): the origin drops a request whose client half-closes before the answer.
      tunnel.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    });
    sent.once('error', reject);
    sent.end();
  });
}

interface CurlRun {
  code: number;
  stdout: string;
}

/** Runs curl without blocking the event loop (the fleet answers it from this process). */
function curl(args: string[]): Promise<CurlRun> {
  return new Promise((resolve) => {
    execFile(CURL, ['--silent', '--max-time', '10', '--noproxy', '', ...args], (error, stdout) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout });
    });
  });
}

const socksCurl = (upstream: FleetUpstream, login: Login, echo: ExitEcho) =>
  curl([
    '--socks5-hostname',
    `${login.username}:${login.password}@${upstream.host}:${upstream.port}`,
    echo.url(),
  ]);

const httpCurl = (upstream: FleetUpstream, login: Login, echo: ExitEcho) =>
  curl([
    '-x',
    `http://${login.username}:${login.password}@${upstream.host}:${upstream.port}`,
    echo.url(),
  ]);

/** How a SOCKS5 login to the upstream ends, as the `socks` client reads the answer. */
async function socksLogin(upstream: FleetUpstream, login: Login, echo: ExitEcho): Promise<string> {
  try {
    const { socket } = await SocksClient.createConnection({
      proxy: {
        host: upstream.host,
        port: upstream.port,
        type: 5,
        userId: login.username,
        password: login.password,
      },
      command: 'connect',
      destination: { host: '127.0.0.1', port: echo.port },
      timeout: 5_000,
    });
    socket.destroy();
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Connects, writes `greeting`, and gathers whatever comes back until the upstream closes or `ms`
 * pass; then leaves as `leave` says: a plain close, or a reset (RST) as a crashed client's system
 * sends.
 */
function heardWithin(
  port: number,
  greeting: Buffer | string,
  ms: number,
  leave: 'close' | 'reset' = 'close',
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const heard: Buffer[] = [];
    const socket: Socket = connect({ host: '127.0.0.1', port }, () => socket.write(greeting));
    socket.on('data', (chunk: Buffer) => heard.push(chunk));
    socket.once('error', reject);
    const done = () => {
      if (leave === 'reset') socket.resetAndDestroy();
      else socket.destroy();
      resolve(Buffer.concat(heard));
    };
    const timer = setTimeout(done, ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(heard));
    });
  });
}

/** The error a TCP connect to `port` ends with, or null if it connected. */
function connectError(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

beforeAll(() => {
  if (!existsSync(CURL)) {
    throw new Error(`${CURL} is missing: install the Debian package curl (apt-get install curl).`);
  }
});

describe('ten serving upstreams', () => {
  let fleet: UpstreamFleet;
  let echo: ExitEcho;
  beforeAll(async () => {
    [fleet, echo] = await Promise.all([startUpstreamFleet(10), startExitEcho()]);
  });
  afterAll(async () => {
    await fleet.close();
    await echo.close();
  });

  it('have their own ports, logins and exit addresses', () => {
    const { upstreams } = fleet;
    expect(upstreams.map((upstream) => upstream.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(upstreams.map((upstream) => upstream.port)).size).toBe(10);
    expect(new Set(upstreams.map((upstream) => upstream.password)).size).toBe(10);
    expect(upstreams[3]?.username).toBe('user-3');
    expect(upstreams[3]?.exitAddress).toBe('127.0.0.13');
  });

  it('each reach the echo from its own exit address over HTTP (plain, CONNECT) and SOCKS5', async () => {
    for (const upstream of fleet.upstreams) {
      const before = upstream.served.length;
      const exit = `${upstream.exitAddress}\n`;
      expect(await plainRequest(upstream, upstream, echo.url('/plain'))).toEqual({
        status: 200,
        body: exit,
      });
      expect(await tunnelledRequest(upstream, upstream, echo)).toEqual({ status: 200, body: exit });
      expect(await socksCurl(upstream, upstream, echo)).toEqual({ code: 0, stdout: exit });
      expect(await httpCurl(upstream, upstream, echo)).toEqual({ code: 0, stdout: exit });
      // What each one forwarded, in order, with the login it was given.
      const { username } = upstream;
      const tunnel = `127.0.0.1:${echo.port}`;
      expect(upstream.served.slice(before)).toEqual([
        { via: 'http-request', target: echo.url('/plain'), username },
        { via: 'http-connect', target: tunnel, username },
        { via: 'socks5', target: tunnel, username },
        { via: 'http-request', target: echo.url(), username },
      ]);
    }
  });

  it('refuse a wrong login: 407 over HTTP, a failed RFC 1929 login over SOCKS5', async () => {
    const upstream = fleet.upstreams[4] as FleetUpstream;
    const before = upstream.served.length;
    const wrongPassword = { username: upstream.username, password: `${upstream.password}x` };
    const wrongUser = { username: 'user-5', password: upstream.password };
    for (const wrong of [wrongPassword, wrongUser, fleet.upstreams[5] as FleetUpstream]) {
      expect((await plainRequest(upstream, wrong, echo.url())).status).toBe(407);
      expect((await tunnelledRequest(upstream, wrong, echo)).status).toBe(407);
      expect((await socksCurl(upstream, wrong, echo)).code).toBe(CURLE_PROXY);
      // Refused with RFC 1929's own answer, not a closed connection.
      expect(await socksLogin(upstream, wrong, echo)).toBe('Socks5 Authentication failed');
    }
    // No login, or the right pair under another scheme than Basic, is no login.
    expect((await plainRequest(upstream, null, echo.url())).status).toBe(407);
    const pair = Buffer.from(`${upstream.username}:${upstream.password}`).toString('base64');
    expect((await plainRequest(upstream, `Bearer ${pair}`, echo.url())).status).toBe(407);
    expect(upstream.served.length).toBe(before);
    // The right login still works after all those.
    expect(await socksLogin(upstream, upstream, echo)).toBe('connected');
  });

  it('serves /bytes/N with exactly N bytes', async () => {
    const upstream = fleet.upstreams[0] as FleetUpstream;
    const size = 200_000;
    const run = await curl([
      '-x',
      `http://${upstream.username}:${upstream.password}@127.0.0.1:${upstream.port}`,
      '--write-out',
      '%{size_download} %{header_json}',
      '--output',
      '/dev/null',
      echo.url(`/bytes/${size}`),
    ]);
    const [downloaded, ...headers] = run.stdout.split(' ');
    expect(Number(downloaded)).toBe(size);
    expect(JSON.parse(headers.join(' '))).toMatchObject({ 'content-length': [String(size)] });
  });
});

describe('behaviours', () => {
  let fleet: UpstreamFleet;
  let echo: ExitEcho;
  beforeAll(async () => {
    [fleet, echo] = await Promise.all([
      startUpstreamFleet(4, ['serve', 'refuse', 'hang', 'deny-login']),
      startExitEcho(),
    ]);
  });
  afterAll(async () => {
    await fleet.close();
    await echo.close();
  });
  const upstream = (index: number) => fleet.upstreams[index] as FleetUpstream;

  it('refuse: the port refuses connections, then serves again on the same port', async () => {
    const refusing = upstream(1);
    expect(await connectError(refusing.port)).toBe('ECONNREFUSED');
    expect(refusing.accepted()).toBe(0);
    await refusing.setBehaviour('serve');
    expect(await plainRequest(refusing, refusing, echo.url())).toEqual({
      status: 200,
      body: `${refusing.exitAddress}\n`,
    });
    expect(refusing.accepted()).toBe(1);
    await refusing.setBehaviour('refuse');
    expect(await connectError(refusing.port)).toBe('ECONNREFUSED');
  });

  it('refuse mid-run cuts the tunnels that were open', async () => {
    const dying = upstream(0);
    const tunnel = await new Promise<Socket>((resolve, reject) => {
      const sent = request({
        host: '127.0.0.1',
        port: dying.port,
        method: 'CONNECT',
        path: `127.0.0.1:${echo.port}`,
        headers: { 'proxy-authorization': basic(dying) },
      });
      sent.once('connect', (_response, socket) => resolve(socket));
      sent.once('error', reject);
      sent.end();
    });
    const closed = new Promise((resolve) => tunnel.once('close', resolve));
    tunnel.on('error', () => {});
    await dying.setBehaviour('refuse');
    await closed;
    expect(await connectError(dying.port)).toBe('ECONNREFUSED');
    await dying.setBehaviour('serve');
    expect((await tunnelledRequest(dying, dying, echo)).body).toBe(`${dying.exitAddress}\n`);
  });

  it('hang: accepts the connection and answers nothing, over HTTP and SOCKS5', async () => {
    const hanging = upstream(2);
    const connectLine = `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${basic(hanging)}\r\n\r\n`;
    const socksGreeting = Buffer.from([0x05, 0x01, 0x02]);
    expect((await heardWithin(hanging.port, connectLine, SILENCE_MS)).length).toBe(0);
    expect((await heardWithin(hanging.port, socksGreeting, SILENCE_MS)).length).toBe(0);
    // A client that resets the connection leaves the upstream hanging on, not crashed.
    expect((await heardWithin(hanging.port, socksGreeting, SILENCE_MS, 'reset')).length).toBe(0);
    expect((await heardWithin(hanging.port, connectLine, SILENCE_MS)).length).toBe(0);
    expect(hanging.accepted()).toBe(4);
    expect(hanging.served).toEqual([]);
    // The same greeting gets an answer from a serving upstream: the silence is the behaviour's.
    expect([...(await heardWithin(upstream(0).port, socksGreeting, SILENCE_MS))]).toEqual([
      0x05, 0x02,
    ]);
  });

  it('deny-login: 407 and a failed SOCKS5 login even with the right password, until it serves', async () => {
    const denying = upstream(3);
    expect((await plainRequest(denying, denying, echo.url())).status).toBe(407);
    expect((await tunnelledRequest(denying, denying, echo)).status).toBe(407);
    expect((await socksCurl(denying, denying, echo)).code).toBe(CURLE_PROXY);
    expect(await socksLogin(denying, denying, echo)).toBe('Socks5 Authentication failed');
    expect(denying.served).toEqual([]);
    await denying.setBehaviour('serve');
    expect(await socksCurl(denying, denying, echo)).toEqual({
      code: 0,
      stdout: `${denying.exitAddress}\n`,
    });
    await denying.setBehaviour('deny-login');
  });
});

it('close leaves no socket open', async () => {
  const before = openFds();
  const [fleet, echo] = await Promise.all([
    startUpstreamFleet(3, ['serve', 'hang', 'refuse']),
    startExitEcho(),
  ]);
  const [serving, hanging] = fleet.upstreams as [FleetUpstream, FleetUpstream];
  // Leave a connection open on each kind: a tunnel, a hanging greeting, a kept-alive origin.
  const tunnel = connect({ host: '127.0.0.1', port: serving.port });
  tunnel.on('error', () => {});
  tunnel.write(
    `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${basic(serving)}\r\n\r\n`,
  );
  await new Promise((resolve) => tunnel.once('data', resolve));
  const hung = connect({ host: '127.0.0.1', port: hanging.port });
  hung.on('error', () => {});
  await new Promise((resolve) => hung.once('connect', resolve));
  expect(await socksCurl(serving, serving, echo)).toMatchObject({ code: 0 });
  expect(openFds()).toBeGreaterThan(before);

  await fleet.close();
  await echo.close();
  tunnel.destroy();
  hung.destroy();
  expect(await settledFds(before)).toBeLessThanOrEqual(before);
});
