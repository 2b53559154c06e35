import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { SocksClient } from 'socks';
import type { ExitEcho } from '../../tools/local-network/upstream-fleet';

/**
 * The bench's clients of a pool port: each opens a connection of its own through the port at
 * 127.0.0.1:`port`, asks the exit echo who called, and answers that exit address (which upstream
 * the pool chose). Each rejects on any failure, an answer other than 200 included, and gives up
 * after CLIENT_TIMEOUT_MS so that a stuck connection counts as an error instead of stopping the run.
 */
const CLIENT_TIMEOUT_MS = 60_000;

/** A login to the pool: `session-<id>` picks a sticky session. */
export interface PoolLogin {
  username: string;
  password: string;
}

export type PoolClient = (port: number, echo: ExitEcho, login?: PoolLogin) => Promise<string>;

const basic = (login: PoolLogin) =>
  `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;

/** Through a CONNECT tunnel (the path HTTPS takes). */
export const exitViaConnect: PoolClient = async (port, echo, login) => {
  const socket = connect({ host: '127.0.0.1', port });
  try {
    const target = `127.0.0.1:${echo.port}`;
    const authorization = login ? `Proxy-Authorization: ${basic(login)}\r\n` : '';
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${authorization}\r\n`);
    const head = await readHead(socket);
    if (!head.startsWith('HTTP/1.1 200'))
      throw new Error(`CONNECT answered ${head.split('\r\n')[0]}`);
    return await exitOver(socket);
  } finally {
    socket.destroy();
  }
};

/** Through a SOCKS5 tunnel, logging in (RFC 1929) when given a login. */
export const exitViaSocks: PoolClient = async (port, echo, login) => {
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: '127.0.0.1',
      port,
      type: 5,
      ...(login && { userId: login.username, password: login.password }),
    },
    command: 'connect',
    destination: { host: '127.0.0.1', port: echo.port },
    timeout: CLIENT_TIMEOUT_MS,
  });
  try {
    return await exitOver(socket);
  } finally {
    socket.destroy();
  }
};

/** As a plain proxy request on a connection of its own. */
export const exitViaRequest: PoolClient = (port, echo, login) =>
  new Promise((resolve, reject) => {
    const sent = request({
      host: '127.0.0.1',
      port,
      path: echo.url(),
      agent: false,
      headers: login ? { 'proxy-authorization': basic(login) } : {},
      timeout: CLIENT_TIMEOUT_MS,
    });
    sent.once('timeout', () => sent.destroy(new Error('timed out')));
    sent.once('error', reject);
    sent.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('error', reject);
      response.once('end', () =>
        response.statusCode === 200
          ? resolve(body.trim())
          : reject(new Error(`answered ${response.statusCode}`)),
      );
    });
    sent.end();
  });

/** Reads up to the end of a response head (a proxy's answer to CONNECT: nothing follows it unasked). */
function readHead(socket: Socket): Promise<string> {
  return gather(socket, (received) => received.includes('\r\n\r\n'));
}

/** Asks the echo over an open tunnel who called; the echo closes after answering. */
async function exitOver(socket: Socket): Promise<string> {
  // Not end(): the echo drops a request whose client half-closes before the answer.
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  const response = await gather(socket, () => false);
  if (!response.startsWith('HTTP/1.1 200'))
    throw new Error(`echo answered ${response.split('\r\n')[0]}`);
  return response.slice(response.indexOf('\r\n\r\n') + 4).trim();
}

/** What `socket` sends until `enough` says so or it ends; rejects on an error or a timeout. */
function gather(socket: Socket, enough: (received: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const settle = (error?: Error) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', settle);
      socket.off('timeout', onTimeout);
      socket.setTimeout(0);
      if (error) reject(error);
      else resolve(received);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (enough(received)) settle();
    };
    const onEnd = () => settle();
    const onTimeout = () => settle(new Error('timed out'));
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', settle);
    socket.once('timeout', onTimeout);
    socket.setTimeout(CLIENT_TIMEOUT_MS);
  });
}
