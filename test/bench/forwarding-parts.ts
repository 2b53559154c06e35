import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request, type Agent, type IncomingMessage, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { LISTEN_BACKLOG } from '../../src/main/local-ports/local-port';
import type { CpusApart } from './cpu-pinning';

// What the forwarding benches share: the origin, the clients' requests, the children a port or
// a pipe runs in.

export const LOGIN = { username: 'bench-user', password: 'bench-password' };
export const BASIC = `Basic ${Buffer.from(`${LOGIN.username}:${LOGIN.password}`).toString('base64')}`;
export const DOWNLOAD_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const LOCAL_PORT_CHILD = fileURLToPath(new URL('./local-port-child.ts', import.meta.url));
export const PIPE_CHILD = fileURLToPath(new URL('./pipe-child.ts', import.meta.url));

/** The origin the downloads come from: `/big` is DOWNLOAD_BYTES, anything else two bytes. */
export async function startOrigin(): Promise<Server> {
  const origin = createServer((req, res) => {
    if (req.url === '/big') {
      res.writeHead(200, { 'content-length': String(DOWNLOAD_BYTES) });
      let sent = 0;
      const pump = () => {
        while (sent < DOWNLOAD_BYTES) {
          sent += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    res.writeHead(200, { 'content-length': '2' });
    res.end('ok');
  });
  // The upstream opens a connection to it for each request: with Node's default queue (511) the
  // 1,000 clients' storms overflowed it, and the figure measured retried SYNs, not the port.
  origin.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
  await once(origin, 'listening');
  return origin;
}

/** A process's resident memory in KB, from /proc (Linux); NaN elsewhere. */
export function residentKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

export interface Hop {
  port: number;
  headers: Record<string, string>;
}

/** A GET through `hop`; `timeoutMs`, if given, fails it after that long with nothing moving. */
export function get(
  hop: Hop,
  url: string,
  agent: Agent,
  timeoutMs?: number,
): Promise<{ firstByteMs: number; bytes: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: hop.port,
        path: url,
        // The site's, as proxy clients send it (curl, browsers): haproxy refuses a Host that
        // differs from the URL's, Node's client would send the hop's.
        headers: { host: new URL(url).host, ...hop.headers },
        agent,
        timeout: timeoutMs,
      },
      (response: IncomingMessage) => {
        let firstByteMs = -1;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - start;
          bytes += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({ firstByteMs, bytes })
            : reject(new Error(`status ${response.statusCode}`)),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.once('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.end();
  });
}

export interface Child {
  port: number;
  pid: number;
  kill(): void;
}

/** Starts a bench child (`file <upstreamPort>`, `env` added to ours), on a CPU of its own where it can, at its port. */
export async function startChild(
  file: string,
  upstreamPort: number,
  apart: CpusApart | null,
  env: Record<string, string> = {},
): Promise<Child> {
  const childArgs = ['--import', 'tsx', file, String(upstreamPort)];
  const [command, args] = apart?.onChildCpu(process.execPath, childArgs) ?? [
    process.execPath,
    childArgs,
  ];
  const child = spawn(command, args, {
    cwd: REPO_DIR,
    env: { ...process.env, BENCH_UPSTREAM_LOGIN: `${LOGIN.username}:${LOGIN.password}`, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [firstLine] = (await once(child.stdout, 'data')) as [Buffer];
  const { port } = JSON.parse(firstLine.toString()) as { port: number };
  return { port, pid: child.pid ?? 0, kill: () => child.kill() };
}
