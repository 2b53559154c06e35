import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { MemoryVault } from '../../src/main/session/memory-vault';
import { startHarness } from '../../tools/preview/harness-server';
import { createApiServer } from '../../tools/reference-service/server';
import { median, report } from './measure';
import { RENDERER_DIR } from './popup.bench';

const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));
const LAUNCHER = join(REPO_DIR, 'bin/proxy-tray.mjs');

/**
 * One run of a command to its end (its last line printed), in milliseconds. Asynchronous: the
 * service and the app it talks to run in this process.
 */
function timedRun(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ms: number; lines: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines += 1;
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) reject(new Error(`${args.join(' ')} failed (${code}): ${stderr}`));
      else resolve({ ms, lines });
    });
  });
}

async function medianRun(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  rounds: number,
  lines?: number,
): Promise<number> {
  await timedRun(args, env); // warm-up: the compile cache, the disk cache
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const run = await timedRun(args, env);
    if (lines !== undefined && run.lines !== lines) {
      throw new Error(`${args.join(' ')} printed ${run.lines} lines, not ${lines}`);
    }
    times.push(run.ms);
  }
  return median(times);
}

/**
 * The least any Node tool does for the same answer: fetch the listing and print a line a proxy.
 * The standalone command's ratio to it is what the app's services (the session, the plans
 * service, the cache, the contract's checks) cost on top.
 */
const BARE_FETCH = `
const url = process.argv[1];
const token = process.env.BENCH_TOKEN;
const answer = await fetch(url + 'users/plans', { headers: { authorization: 'Bearer ' + token } });
const plans = await answer.json();
let out = '';
for (const plan of plans) for (const p of plan.proxies) out += p.ip + ':' + p.port + ':' + p.username + ':' + p.password + '\\n';
process.stdout.write(out);
`;

/**
 * `proxy-tray`: how fast it starts against Node itself (`--version` against `node -e 0`, same run:
 * goal ≤ 3), the time to the last line of `proxies` through the running app (the harness, with
 * command-line access on) and on its own (goal ≤ 1 s at 10k), at 1k, 10k and 100k proxies.
 */
export async function benchCli(): Promise<void> {
  await build({ configFile: join(REPO_DIR, 'vite.cli.config.ts'), logLevel: 'warn' });
  const { PROXY_TRAY_TOKEN: _token, ...baseEnv } = process.env;
  const nodeMs = await medianRun(['-e', '0'], baseEnv, 21);
  const startMs = await medianRun([LAUNCHER, '--version'], baseEnv, 21);
  report('node_start_ms', nodeMs);
  report('cli_start_ms', startMs);
  report('cli_start_vs_node_ratio', startMs / nodeMs);

  for (const [name, plans] of [
    ['1k', 10],
    ['10k', 100],
    ['100k', 1_000],
  ] as const) {
    const api = await createApiServer({
      accounts: [{ username: 'big', plans, proxiesPerPlan: 100 }],
    });
    const base = await mkdtemp(join(tmpdir(), 'pt-bench-cli-'));
    const env = {
      ...baseEnv,
      PROXY_TRAY_DATA_DIR: join(base, 'data'),
      PROXY_TRAY_RUNTIME_DIR: join(base, 'run'),
    };
    const proxies = plans * 100;
    const rounds = name === '100k' ? 3 : 7;
    try {
      const token = api.tokenFor('big');
      const fetchMs = await medianRun(
        ['--input-type=module', '-e', BARE_FETCH, api.baseUrl],
        { ...baseEnv, BENCH_TOKEN: token },
        rounds,
        proxies,
      );
      // On its own: a token for this command (no keychain), the listing fetched, the lines printed.
      const standaloneEnv = {
        ...env,
        PROXY_TRAY_TOKEN: token,
        PROXY_TRAY_SERVICE_URL: api.baseUrl,
      };
      const standaloneMs = await medianRun([LAUNCHER, 'proxies'], standaloneEnv, rounds, proxies);
      report(`cli_standalone_proxies_${name}_ms`, standaloneMs);
      report(`cli_standalone_vs_bare_fetch_ratio_${name}`, standaloneMs / fetchMs);

      // Through the running app: the harness on the same folders answers over its socket.
      const previous = process.env['PROXY_TRAY_RUNTIME_DIR'];
      process.env['PROXY_TRAY_RUNTIME_DIR'] = env.PROXY_TRAY_RUNTIME_DIR;
      const harness = await startHarness({
        dataDir: env.PROXY_TRAY_DATA_DIR,
        vault: new MemoryVault(),
        rendererDir: RENDERER_DIR,
        signIn: { serviceUrl: api.baseUrl, token },
      });
      try {
        harness.services.settings.update({ commandLineAccess: true });
        await harness.services.plans.refresh();
        const throughAppMs = await medianRun([LAUNCHER, 'proxies'], env, rounds, proxies);
        report(`cli_proxies_${name}_ms`, throughAppMs);
        report(`cli_proxies_vs_bare_fetch_ratio_${name}`, throughAppMs / fetchMs);
      } finally {
        await harness.close();
        if (previous === undefined) delete process.env['PROXY_TRAY_RUNTIME_DIR'];
        else process.env['PROXY_TRAY_RUNTIME_DIR'] = previous;
      }
    } finally {
      await api.close();
      await rm(base, { recursive: true, force: true });
    }
  }
}
