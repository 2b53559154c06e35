import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamFleet,
} from '../../tools/local-network/upstream-fleet';
import { cpusApart, cpuTimeMs, type CpusApart } from './cpu-pinning';
import { median, report } from './measure';
import { exitViaConnect, exitViaRequest, exitViaSocks, type PoolClient } from './pool-clients';

const MEMBERS = 10;
const DOWNLOAD_BYTES = 64 * 1024 * 1024;
/** Downloads per path, taken in turns (pool, port, pool, …): single downloads on loopback swing by a third. */
const ROUNDS = 11;
/** The connections of the spread and failover figures, this many at a time. */
const CONNECTIONS = 1_000;
const AT_ONCE = 20;
const SESSIONS = 50;
const CONNECTIONS_PER_SESSION = 20;
const CONCURRENT = 1_000;
const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));
const POOL_PORT_CHILD = fileURLToPath(new URL('./pool-port-child.ts', import.meta.url));
const LOCAL_PORT_CHILD = fileURLToPath(new URL('./local-port-child.ts', import.meta.url));

/**
 * Pool ports over ten real upstream proxies on loopback (upstream-fleet.ts), each leaving from an
 * exit address of its own that the origin answers back, so every figure is read from where the
 * connections really came out:
 * - pool_vs_port_throughput_ratio: a 64 MB plain download through a pool of the ten against a
 *   local port to one of them, in turns (goal >= 0.95), with each side's MB/s and CPU ms per GB;
 * - pool_round_robin_spread: 1,000 connections (CONNECT and SOCKS5 in turn, 20 at a time) over ten
 *   healthy upstreams: the largest distance of any upstream's count from 100 (goal <= 5);
 * - pool_sticky_held_ratio: 50 sessions (`session-<id>`) of 20 connections each, CONNECT and
 *   SOCKS5 in turn: the share of sessions that came out of one exit address (goal 1.0), and
 *   pool_sticky_upstreams_used, how many upstreams the sessions were spread over (one would make
 *   the ratio trivially 1);
 * - pool_1000_concurrent_errors / _p99_ms / _rss_mb: 1,000 plain requests at once (goal 0
 *   errors), and the pool process's RSS after them;
 * - pool_failover_errors / _p99_ms: 1,000 connections as for the spread while 3 upstreams refuse
 *   and 1 hangs on connect (goal 0 errors).
 *
 * Each pool runs in a child process of its own (pool-port-child.ts), on a CPU apart from the
 * bench's where it can (cpu-pinning.ts), as the app's process is apart from the apps and the
 * upstreams; the local port it is measured against runs the same way (local-port-child.ts).
 */
export async function benchPool(): Promise<void> {
  const [fleet, echo] = await Promise.all([startUpstreamFleet(MEMBERS), startExitEcho()]);
  const apart = cpusApart();
  try {
    await throughput(fleet, echo, apart);
    await roundRobinSpread(fleet, echo, apart);
    await stickySessions(fleet, echo, apart);
    await concurrent(fleet, echo, apart);
    await failover(fleet, echo, apart);
  } finally {
    apart?.restore();
    await fleet.close();
    await echo.close();
  }
}

interface Child {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a bench child, on a CPU of its own where it can, and waits for the port it prints. */
async function startChild(
  file: string,
  args: string[],
  env: Record<string, string>,
  apart: CpusApart | null,
): Promise<Child> {
  const childArgs = ['--import', 'tsx', file, ...args];
  const [command, commandArgs] = apart?.onChildCpu(process.execPath, childArgs) ?? [
    process.execPath,
    childArgs,
  ];
  const child = spawn(command, commandArgs, {
    cwd: REPO_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const [firstLine] = (await Promise.race([
    once(child.stdout, 'data'),
    exited.then(([code]) => {
      throw new Error(`${file} exited (${String(code)}) before printing its port`);
    }),
  ])) as [Buffer];
  const { port } = JSON.parse(firstLine.toString()) as { port: number };
  return {
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

/** A pool of every upstream of the fleet, with its logins, in a child process. */
function startPoolChild(
  fleet: UpstreamFleet,
  strategy: 'round-robin' | 'sticky',
  apart: CpusApart | null,
): Promise<Child> {
  const members = fleet.upstreams.map(({ host, port, username, password }) => ({
    host,
    port,
    username,
    password,
  }));
  return startChild(
    POOL_PORT_CHILD,
    [],
    { BENCH_POOL_MEMBERS: JSON.stringify(members), BENCH_POOL_STRATEGY: strategy },
    apart,
  );
}

/** Runs `pool` for the span of `work`, then stops it. */
async function withPool<T>(
  fleet: UpstreamFleet,
  strategy: 'round-robin' | 'sticky',
  apart: CpusApart | null,
  work: (pool: Child) => Promise<T>,
): Promise<T> {
  const pool = await startPoolChild(fleet, strategy, apart);
  try {
    return await work(pool);
  } finally {
    await pool.stop();
  }
}

/** The bytes of a plain download through a proxy port, on a connection of its own. */
function download(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: url, agent: false });
    sent.once('error', reject);
    sent.once('response', (response: IncomingMessage) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.once('error', reject);
      response.once('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`answered ${response.statusCode}`)),
      );
    });
    sent.end();
  });
}

async function throughput(
  fleet: UpstreamFleet,
  echo: ExitEcho,
  apart: CpusApart | null,
): Promise<void> {
  const [upstream] = fleet.upstreams;
  if (!upstream) throw new Error('The fleet has no upstream.');
  const local = await startChild(
    LOCAL_PORT_CHILD,
    [String(upstream.port)],
    { BENCH_UPSTREAM_LOGIN: `${upstream.username}:${upstream.password}` },
    apart,
  );
  try {
    await withPool(fleet, 'round-robin', apart, async (pool) => {
      const url = echo.url(`/bytes/${DOWNLOAD_BYTES}`);
      const cpu = new Map<Child, number>([
        [pool, 0],
        [local, 0],
      ]);
      const rate = async (child: Child) => {
        const cpuBefore = cpuTimeMs(child.pid);
        const start = performance.now();
        const bytes = await download(child.port, url);
        const rate = bytes / (performance.now() - start);
        cpu.set(child, (cpu.get(child) ?? 0) + cpuTimeMs(child.pid) - cpuBefore);
        if (bytes !== DOWNLOAD_BYTES) throw new Error(`${bytes} bytes of ${DOWNLOAD_BYTES}`);
        return rate;
      };
      await rate(pool);
      await rate(local);
      cpu.set(pool, 0).set(local, 0);
      const poolRates: number[] = [];
      const portRates: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        poolRates.push(await rate(pool));
        portRates.push(await rate(local));
      }
      const mbPerS = (rates: number[]) => (median(rates) * 1000) / 1024 / 1024;
      const gigabytes = (ROUNDS * DOWNLOAD_BYTES) / 1024 ** 3;
      report('pool_mb_per_s', mbPerS(poolRates));
      report('pool_port_mb_per_s', mbPerS(portRates));
      report('pool_cpu_ms_per_gb', (cpu.get(pool) ?? Number.NaN) / gigabytes);
      report('pool_port_cpu_ms_per_gb', (cpu.get(local) ?? Number.NaN) / gigabytes);
      report('pool_vs_port_throughput_ratio', median(poolRates) / median(portRates));
    });
  } finally {
    await local.stop();
  }
}

interface Outcomes {
  /** The exit address each connection that succeeded came out of. */
  exits: string[];
  errors: number;
  /** Each successful connection's time, from its opening to the echo's answer, in ms. */
  times: number[];
}

/** Opens `total` connections with `open(i)`, `atOnce` at a time, and gathers what they got. */
async function connections(
  total: number,
  atOnce: number,
  open: (index: number) => Promise<string>,
): Promise<Outcomes> {
  const outcomes: Outcomes = { exits: [], errors: 0, times: [] };
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      const start = performance.now();
      try {
        outcomes.exits.push(await open(index));
        outcomes.times.push(performance.now() - start);
      } catch {
        outcomes.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return outcomes;
}

/** CONNECT tunnels and SOCKS5 tunnels in turn: both sides of a pool port. */
const tunnelInTurn = (index: number): PoolClient => (index % 2 ? exitViaSocks : exitViaConnect);

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN;
}

async function roundRobinSpread(
  fleet: UpstreamFleet,
  echo: ExitEcho,
  apart: CpusApart | null,
): Promise<void> {
  const { exits } = await withPool(fleet, 'round-robin', apart, (pool) =>
    connections(CONNECTIONS, AT_ONCE, (index) => tunnelInTurn(index)(pool.port, echo)),
  );
  const fair = CONNECTIONS / fleet.upstreams.length;
  // An upstream that got nothing counts as far off as it is: its count is 0.
  const distances = fleet.upstreams.map(({ exitAddress }) =>
    Math.abs(exits.filter((exit) => exit === exitAddress).length - fair),
  );
  report('pool_round_robin_spread', Math.max(...distances));
}

async function stickySessions(
  fleet: UpstreamFleet,
  echo: ExitEcho,
  apart: CpusApart | null,
): Promise<void> {
  const sessions = await withPool(fleet, 'sticky', apart, (pool) =>
    Promise.all(
      Array.from({ length: SESSIONS }, async (_, session) => {
        const login = { username: `session-${session}`, password: 'bench' };
        const exits = new Set<string>();
        for (let index = 0; index < CONNECTIONS_PER_SESSION; index += 1) {
          // A failed connection is not held: it came out nowhere.
          exits.add(await tunnelInTurn(index)(pool.port, echo, login).catch(() => 'failed'));
        }
        return exits;
      }),
    ),
  );
  const held = sessions.filter((exits) => exits.size === 1 && !exits.has('failed'));
  report('pool_sticky_held_ratio', held.length / SESSIONS);
  report('pool_sticky_upstreams_used', new Set(held.flatMap((exits) => [...exits])).size);
}

async function concurrent(
  fleet: UpstreamFleet,
  echo: ExitEcho,
  apart: CpusApart | null,
): Promise<void> {
  await withPool(fleet, 'round-robin', apart, async (pool) => {
    const { errors, times } = await connections(CONCURRENT, CONCURRENT, () =>
      exitViaRequest(pool.port, echo),
    );
    report('pool_1000_concurrent_errors', errors);
    report('pool_1000_concurrent_p99_ms', p99(times));
    report('pool_1000_concurrent_rss_mb', residentMb(pool.pid));
  });
}

/** A process's resident memory (VmRSS in /proc/PID/status), in MB; NaN off Linux. */
function residentMb(pid: number): number {
  try {
    const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function failover(
  fleet: UpstreamFleet,
  echo: ExitEcho,
  apart: CpusApart | null,
): Promise<void> {
  const [first, second, third, fourth] = fleet.upstreams;
  if (!first || !second || !third || !fourth)
    throw new Error('The fleet has fewer than 4 upstreams.');
  await Promise.all([
    first.setBehaviour('refuse'),
    second.setBehaviour('refuse'),
    third.setBehaviour('refuse'),
    fourth.setBehaviour('hang'),
  ]);
  try {
    const { errors, times } = await withPool(fleet, 'round-robin', apart, (pool) =>
      connections(CONNECTIONS, AT_ONCE, (index) => tunnelInTurn(index)(pool.port, echo)),
    );
    report('pool_failover_errors', errors);
    report('pool_failover_p99_ms', p99(times));
  } finally {
    await Promise.all(fleet.upstreams.map((upstream) => upstream.setBehaviour('serve')));
  }
}
