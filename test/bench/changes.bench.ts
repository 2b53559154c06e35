import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApiServer, type ApiServer } from '../../tools/reference-service/server';
import {
  spreadProxyIds,
  startBenchServices,
  toggleRotation,
  type BenchServices,
} from './bench-services';
import { median, report } from './measure';

const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));
const RSS_CHILD = fileURLToPath(new URL('./rss-child.ts', import.meta.url));
/** Rounds of toggles for the main-process times: each round toggles 1k three times, 100k once. */
const ROUNDS = 7;
const SMALL_PER_ROUND = 3;
const MB = 1024 * 1024;

/**
 * What one change costs (issue 14: a change costs what it changes): the bytes the popup receives
 * for one rotation toggle, for a refresh that changes nothing and for one that changes one plan,
 * the main process's time per toggle at 1k and 100k proxies (the ratio shows whether it grows
 * with the account), and the memory 20 toggles leave behind.
 * Accounts of 100 proxies per plan on the reference service, over real HTTP.
 */
export async function benchChanges(): Promise<void> {
  const api = await createApiServer({
    accounts: [
      { username: 'k1', plans: 10, proxiesPerPlan: 100 },
      { username: 'k10', plans: 100, proxiesPerPlan: 100 },
      { username: 'k100', plans: 1_000, proxiesPerPlan: 100 },
    ],
  });
  try {
    await changeBytes(api);
    await changeMainTimes(api);
    await rssAfterToggles(api);
  } finally {
    await api.close();
  }
}

/**
 * Bytes the popup receives, answers and events alike: for a refresh that finds nothing new, for
 * one that finds one plan changed at the service, and for one toggle (pending, then settled).
 */
async function changeBytes(api: ApiServer): Promise<void> {
  const bench = await signedIn(api, 'k10');
  try {
    await bench.call('plans:refresh');
    report('refresh_unchanged_bytes_10k', bench.received.bytes);
    const plan = api.store.account('k10')?.plans[0];
    if (!plan) throw new Error('The k10 account has no plan');
    plan.name = `${plan.name} (renamed)`;
    bench.received.reset();
    await bench.call('plans:refresh');
    report('refresh_changed_one_plan_bytes_10k', bench.received.bytes);
    const [proxyId = 0] = spreadProxyIds(bench.services, 1);
    bench.received.reset();
    await toggleRotation(bench, proxyId);
    report('change_bytes_10k', bench.received.bytes);
    report('change_events_10k', bench.received.events);
  } finally {
    await bench.close();
  }
}

/**
 * Each toggle from the popup's request to its answer, the emitted events' contract check and
 * serialisation included (they run inside it, synchronously). 1k and 100k take turns, so that a
 * slow stretch of the machine falls on both alike; the first round of each is a warm-up.
 */
async function changeMainTimes(api: ApiServer): Promise<void> {
  const small = await signedIn(api, 'k1');
  const large = await signedIn(api, 'k100');
  try {
    const smallIds = spreadProxyIds(small.services, (ROUNDS + 1) * SMALL_PER_ROUND);
    const largeIds = spreadProxyIds(large.services, ROUNDS + 1);
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const warmUp = round === 0;
      for (let turn = 0; turn < SMALL_PER_ROUND; turn += 1) {
        const ms = await timedToggle(small, smallIds[round * SMALL_PER_ROUND + turn] ?? 0);
        if (!warmUp) smallTimes.push(ms);
      }
      const ms = await timedToggle(large, largeIds[round] ?? 0);
      if (!warmUp) largeTimes.push(ms);
    }
    const smallMs = median(smallTimes);
    const largeMs = median(largeTimes);
    report('change_main_ms_1k', smallMs);
    report('change_main_ms_100k', largeMs);
    report('change_main_ms_100k_vs_1k_ratio', largeMs / smallMs);
  } finally {
    await small.close();
    await large.close();
  }
}

async function timedToggle(bench: BenchServices, proxyId: number): Promise<number> {
  const start = performance.now();
  await toggleRotation(bench, proxyId);
  return performance.now() - start;
}

/**
 * RSS (and heap in use) of a fresh Node holding the 100k account's services, loaded and then
 * after 20 toggles, each reading after two full GCs (--expose-gc). The reference service stays
 * here, in the bench's own process, so that its memory is not counted.
 */
async function rssAfterToggles(api: ApiServer): Promise<void> {
  const output = await runNode(['--expose-gc', '--import', 'tsx', RSS_CHILD, api.baseUrl], {
    BENCH_TOKEN: api.tokenFor('k100'),
  });
  type Memory = { rss: number; heapUsed: number };
  const lastLine = output.trim().split('\n').at(-1) ?? '';
  const { loaded, afterToggles } = JSON.parse(lastLine) as { loaded: Memory; afterToggles: Memory };
  report('rss_loaded_100k_mb', megabytes(loaded.rss));
  report('rss_after_toggles_100k_mb', megabytes(afterToggles.rss));
  report('rss_after_toggles_100k_vs_loaded_ratio', afterToggles.rss / loaded.rss);
  report('heap_loaded_100k_mb', megabytes(loaded.heapUsed));
  report('heap_after_toggles_100k_mb', megabytes(afterToggles.heapUsed));
  report('heap_after_toggles_100k_vs_loaded_ratio', afterToggles.heapUsed / loaded.heapUsed);
}

/** Runs node with `args`; resolves to its stdout. Asynchronous: this process serves its requests. */
function runNode(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

function megabytes(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}

function signedIn(api: ApiServer, username: string): Promise<BenchServices> {
  return startBenchServices({ serviceUrl: api.baseUrl, token: api.tokenFor(username) });
}
