import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startHttpProxy } from '../../tools/local-network/proxy-servers';
import { report } from './measure';

const LOGIN = { username: 'bench-user', password: 'bench-password' };
const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));
const LOCAL_PORT_CHILD = fileURLToPath(new URL('./local-port-child.ts', import.meta.url));
const HANDSHAKE_MS = 2_000;
const LOCAL_PASSWORD = 'local-pw';
const LOCAL_LOGIN = `Basic ${Buffer.from(`any:${LOCAL_PASSWORD}`).toString('base64')}`;
const REFUSED = 1_000;
const IDLE = 5_000;

interface PortProcess {
  port: number;
  pid: number;
  kill(): void;
}

/**
 * The audit's attacks on a local port, measured on a port in a process of its own (as the app's
 * main process is), from that process's own counters (Linux /proc):
 * - relay_negative_chunk_rss_growth_mb: its RSS growth in the 3 s after one 80-byte request with
 *   chunk size -5 (before: an endless loop, 79 MB → 2,057 MB in 8 s; bar 0);
 * - socks_refused_1000_fd_delta / http_refused_1000_fd_delta: its open fds after 1,000 refused
 *   connections whose clients sent more bytes and kept their side open, less before (bar 0);
 * - idle_connections_held_after_deadline: of 5,000 connections opened and left silent, how many
 *   it still holds once its handshake deadline (2 s here, 30 s in the app) has passed (bar 0).
 */
export async function benchPortAttacks(): Promise<void> {
  if (process.platform !== 'linux') {
    console.warn('port attacks: skipped, the counters are read from /proc (Linux only)');
    return;
  }
  const upstream = await startHttpProxy(LOGIN);
  const port = await startPortProcess(upstream.port, { BENCH_LOCAL_PASSWORD: LOCAL_PASSWORD });
  try {
    const chunked = (size: string) =>
      `POST http://site.test/ HTTP/1.1\r\nHost: site.test\r\nProxy-Authorization: ${LOCAL_LOGIN}\r\n` +
      `Transfer-Encoding: chunked\r\n\r\n${size}\r\nhello\r\n`;
    // Warmed up first on other malformed sizes, so the figure is not the code being compiled.
    for (let round = 0; round < 20; round += 1) await sendAndWait(port.port, chunked('0x5'));
    await sleep(1_000);
    const rssBefore = rssMb(port.pid);
    await sendAndWait(port.port, chunked('-5'));
    await sleep(3_000);
    report(
      'relay_negative_chunk_rss_growth_mb',
      Math.max(0, Math.round(rssMb(port.pid) - rssBefore)),
    );

    // Greeting offering no-auth only, to a port that asks for its password: refused.
    const socksRefused = Buffer.from([
      0x05, 0x01, 0x00, 0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, 0, 80,
    ]);
    report('socks_refused_1000_fd_delta', await refusedFdDelta(port, socksRefused));
    const httpRefused = Buffer.from('GET http://site.test/ HTTP/1.1\r\nHost: site.test\r\n\r\n');
    report('http_refused_1000_fd_delta', await refusedFdDelta(port, httpRefused));
  } finally {
    port.kill();
  }

  const idlePort = await startPortProcess(upstream.port, {
    BENCH_HANDSHAKE_MS: String(HANDSHAKE_MS),
  });
  try {
    const before = openFds(idlePort.pid);
    const sockets: Socket[] = [];
    for (let opened = 0; opened < IDLE; opened += 250) {
      sockets.push(
        ...(await Promise.all(Array.from({ length: 250 }, () => openedSocket(idlePort.port)))),
      );
    }
    await sleep(HANDSHAKE_MS + 3_000);
    report('idle_connections_held_after_deadline', Math.max(0, openFds(idlePort.pid) - before));
    for (const socket of sockets) socket.destroy();
  } finally {
    idlePort.kill();
    await upstream.close();
  }
}

/** Sends `text` on a connection of its own and waits until the port closes it (or 3 s pass). */
async function sendAndWait(port: number, text: string): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.resume();
  socket.write(text);
  await Promise.race([once(socket, 'close'), sleep(3_000)]);
  socket.destroy();
}

async function refusedFdDelta(port: PortProcess, request: Buffer): Promise<number> {
  const before = openFds(port.pid);
  const clients: Socket[] = [];
  for (let sent = 0; sent < REFUSED; sent += 1) {
    const socket = connect({ port: port.port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    socket.once('data', () => socket.write('more bytes after the refusal'));
    socket.write(request);
    clients.push(socket);
  }
  // The clients keep their side open: only the port can close these connections.
  await sleep(4_000);
  const delta = openFds(port.pid) - before;
  for (const socket of clients) socket.destroy();
  return delta;
}

async function openedSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  return socket;
}

async function startPortProcess(
  upstreamPort: number,
  env: Record<string, string>,
): Promise<PortProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', LOCAL_PORT_CHILD, String(upstreamPort)],
    {
      cwd: REPO_DIR,
      env: { ...process.env, ...env, BENCH_UPSTREAM_LOGIN: `${LOGIN.username}:${LOGIN.password}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [firstLine] = (await once(child.stdout, 'data')) as [Buffer];
  const { port } = JSON.parse(firstLine.toString()) as { port: number };
  return { port, pid: child.pid ?? 0, kill: () => child.kill() };
}

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
