import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { SocksClient } from 'socks';
import type { ExitEcho, UpstreamFleet } from '../../../tools/local-network/upstream-fleet';

/** How an app reaches the echo through a pool port: each a real client of its kind. */
export type ClientKind = 'http' | 'connect' | 'socks5';
export const CLIENT_KINDS: readonly ClientKind[] = ['http', 'connect', 'socks5'];

/** A login to the pool: a session username (and the local password, if the pool has one). */
export interface PoolLogin {
  username: string;
  password: string;
}

const basic = (login: PoolLogin) =>
  `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;

/**
 * The exit address the echo saw for one request on a new connection through the pool: a plain
 * proxy request, a CONNECT tunnel (HTTP written by hand inside) or a SOCKS5 tunnel (the `socks`
 * client). Rejects with the status or error the client got.
 */
export async function exitThrough(
  kind: ClientKind,
  poolPort: number,
  echo: ExitEcho,
  login?: PoolLogin,
): Promise<string> {
  if (kind === 'http') return (await plainGet(poolPort, echo.url('/'), login)).body.trim();
  const socket =
    kind === 'connect'
      ? await connectTunnel(poolPort, echo.port, login)
      : await socksTunnel(poolPort, echo.port, login);
  return (await getInTunnel(socket)).trim();
}

/** A plain proxy GET on a connection of its own; answers status, headers and body. */
export function plainGet(
  poolPort: number,
  url: string,
  login?: PoolLogin,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: poolPort,
        path: url,
        agent: false,
        headers: login ? { 'proxy-authorization': basic(login) } : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) {
            reject(new Error(`status ${response.statusCode ?? 0}: ${body}`));
          } else {
            resolve({ status: response.statusCode, headers: response.headers, body });
          }
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A CONNECT tunnel to 127.0.0.1:`port` through the pool, written by hand. */
export function connectTunnel(poolPort: number, port: number, login?: PoolLogin): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(poolPort, '127.0.0.1');
    const authorization = login ? `Proxy-Authorization: ${basic(login)}\r\n` : '';
    socket.write(
      `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${authorization}\r\n`,
    );
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      const text = head.toString('latin1', 0, end);
      if (!/^HTTP\/1\.1 200/.test(text)) {
        socket.destroy();
        return reject(new Error(`${text}\n${head.toString('utf8', end + 4)}`));
      }
      if (head.length > end + 4) socket.unshift(head.subarray(end + 4));
      resolve(socket);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before the tunnel opened')));
  });
}

/** A SOCKS5 tunnel to 127.0.0.1:`port` through the pool, with the login if given (RFC 1929). */
export async function socksTunnel(
  poolPort: number,
  port: number,
  login?: PoolLogin,
): Promise<Socket> {
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: '127.0.0.1',
      port: poolPort,
      type: 5,
      ...(login && { userId: login.username, password: login.password }),
    },
    command: 'connect',
    destination: { host: '127.0.0.1', port },
    timeout: 20_000,
  });
  return socket;
}

/** A GET / inside a tunnel, the connection closed after: answers the body. */
export async function getInTunnel(socket: Socket): Promise<string> {
  socket.write('GET / HTTP/1.1\r\nHost: echo\r\nConnection: close\r\n\r\n');
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const answer = Buffer.concat(chunks).toString('utf8');
  if (!answer.startsWith('HTTP/1.1 200')) throw new Error(answer);
  return answer.slice(answer.indexOf('\r\n\r\n') + 4);
}

/** Which upstream of the fleet an exit address belongs to. */
export function indexOfExit(fleet: UpstreamFleet, exit: string): number {
  const upstream = fleet.upstreams.find((candidate) => candidate.exitAddress === exit);
  if (!upstream) throw new Error(`${exit} is no upstream's exit address`);
  return upstream.index;
}

/** The pool's members: the fleet's upstreams, ids 100 + index. */
export function membersOf(fleet: UpstreamFleet) {
  return fleet.upstreams.map((upstream) => ({
    id: 100 + upstream.index,
    entry: {
      host: upstream.host,
      port: upstream.port,
      username: upstream.username,
      password: upstream.password,
    },
    latencyMs: null,
  }));
}
