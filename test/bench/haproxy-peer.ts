import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../../src/main/local-ports/free-port';
import { acceptsConnections } from '../../tools/local-network/listening';
import type { CpusApart } from './cpu-pinning';
import type { Child } from './forwarding-parts';

/** How long haproxy may take to listen once started. */
const READY_WITHIN_MS = 10_000;

/**
 * haproxy (Debian's package), the peer the port is measured against: on the guide's survey of
 * forwarders on this kind of machine it was the best at many clients. It relays as the port
 * does: each plain proxy request goes on to the upstream with the upstream's login set, its
 * answers come back, connections are kept alive on both sides (haproxy's defaults, `http-reuse
 * safe` included). One thread, on the CPU the port's process gets, as the port has one.
 *
 * Null when haproxy is not installed (npm run bench installs it on Debian; elsewhere the bench
 * says so and measures the port alone).
 */
export async function startHaproxy(
  upstreamPort: number,
  proxyAuthorization: string,
  apart: CpusApart | null,
): Promise<Child | null> {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error) return null;
  // haproxy cannot say which port it took for `:0`.
  const port = await findFreePort('127.0.0.1');
  const folder = mkdtempSync(join(tmpdir(), 'bench-haproxy-'));
  const config = join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      // Two fds a connection: 4,000 connections fit a process limit of 20,000 fds (this
      // machine's), where haproxy's own default asks for more and refuses to start.
      '  maxconn 4000',
      '  nbthread 1',
      'defaults',
      '  mode http',
      '  timeout connect 10s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend port',
      `  bind 127.0.0.1:${port}`,
      `  http-request set-header Proxy-Authorization "${proxyAuthorization}"`,
      '  default_backend upstream',
      'backend upstream',
      `  server upstream 127.0.0.1:${upstreamPort}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  // -db: in the foreground, so the process started is haproxy itself (its pid is the one measured).
  const haproxyArgs = ['-db', '-f', config];
  const [command, args] = apart?.onChildCpu('haproxy', haproxyArgs) ?? ['haproxy', haproxyArgs];
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await listening(port);
  } catch (error) {
    stop();
    throw error;
  }
  return { port, pid: child.pid ?? 0, kill: stop };
}

async function listening(port: number): Promise<void> {
  const deadline = performance.now() + READY_WITHIN_MS;
  while (performance.now() < deadline) {
    if (await acceptsConnections(port)) return;
    await sleep(50);
  }
  throw new Error(`haproxy did not listen on ${port} within ${READY_WITHIN_MS} ms`);
}
