import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keychainServiceOf } from '../../../src/main/session/keychain-service';

/** The command as a user runs it from the repository: the launcher, then the built bundle. */
export const CLI_LAUNCHER = fileURLToPath(new URL('../../../bin/proxy-tray.mjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../../out/cli/proxy-tray.cjs', import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A data folder and a socket folder of a test's own, as PROXY_TRAY_DATA_DIR and PROXY_TRAY_RUNTIME_DIR. */
export interface CliPlace {
  base: string;
  dataDir: string;
  runtimeDir: string;
  /** The environment a run starts from: the test's own, with the two folders, without a token. */
  env: NodeJS.ProcessEnv;
  /** The keychain service the command line uses for this data folder (keychain-service.ts). */
  keychainService: string;
  remove(): Promise<void>;
}

export async function makeCliPlace(): Promise<CliPlace> {
  // Short: a Unix socket's path must stay under ~100 bytes.
  const base = await mkdtemp(join(tmpdir(), 'pt-cli-'));
  const dataDir = join(base, 'data');
  const runtimeDir = join(base, 'run');
  const { PROXY_TRAY_TOKEN: _token, ...env } = process.env;
  return {
    base,
    dataDir,
    runtimeDir,
    env: { ...env, PROXY_TRAY_DATA_DIR: dataDir, PROXY_TRAY_RUNTIME_DIR: runtimeDir },
    keychainService: keychainServiceOf(dataDir),
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

function assertBuilt(): void {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE} is missing: run \`npm run build\` first (npm test does).`);
  }
}

/** Starts `proxy-tray ARGS` as a real process (Node of this test run), stdin from `input`. */
export function startCli(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; input?: string },
): ChildProcess {
  assertBuilt();
  const child = spawn(process.execPath, [CLI_LAUNCHER, ...args], {
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end(options.input ?? '');
  return child;
}

/** Runs `proxy-tray ARGS` to its end. */
export function runCli(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; input?: string },
): Promise<CliRun> {
  const child = startCli(args, options);
  return finished(child);
}

/** What a started command printed, once it has ended. */
export function finished(child: ChildProcess): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * Which lines of a run's stderr are the listing's notice ("2 proxies of DE could not be read and
 * are hidden."): said of every listing the loose dialect sends with unreadable items, and right
 * to say. What is left is what the command complained of.
 */
const LISTING_NOTICE = /could not be read and (is|are) (hidden|shown as unknown)/;

export function complaintsOf(run: Pick<CliRun, 'stderr'>): string {
  return run.stderr
    .split('\n')
    .filter((line) => line !== '' && !LISTING_NOTICE.test(line))
    .join('\n');
}
