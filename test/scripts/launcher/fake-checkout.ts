import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SWITCHED_ENV } from '../../../scripts/launcher/node-runtime.mjs';
import { PROJECT_ROOT } from '../../electron/support/smoke-app';

const FAKES = fileURLToPath(new URL('fakes', import.meta.url));
const LAUNCHER = join(PROJECT_ROOT, 'scripts', 'launcher');

const created: string[] = [];

/** Removes every checkout made so far (each may hold a copy of the Node binary). */
export function removeFakeCheckouts(): void {
  for (const folder of created.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export interface LauncherRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * A checkout of the launcher alone, in a temp folder any user may read, with stand-ins for npm,
 * dpkg-query, apt-get and sudo that record what they were asked in `log`. The launcher in it is
 * the real one, run as a real process.
 */
export function fakeCheckout(options: { nodeVersion?: string } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'launcher-test-'));
  created.push(folder);
  chmodSync(folder, 0o777);
  const root = join(folder, 'checkout');
  mkdirSync(join(root, 'scripts', 'launcher'), { recursive: true });
  chmodSync(root, 0o777);
  for (const file of readdirSync(LAUNCHER)) {
    copyFileSync(join(LAUNCHER, file), join(root, 'scripts', 'launcher', file));
  }
  writeFileSync(join(root, '.nvmrc'), `${options.nodeVersion ?? process.versions.node}\n`);
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'index.ts'), 'export {};\n');
  // The stand-ins are copied too: another user may not read this checkout's folders.
  const fakes = join(folder, 'fakes');
  mkdirSync(fakes);
  for (const file of readdirSync(FAKES)) copyFileSync(join(FAKES, file), join(fakes, file));
  const log = join(folder, 'calls.log');
  writeFileSync(log, '');
  chmodSync(log, 0o666);
  // Deeper than any folder that exists: the launcher makes the whole path.
  const cache = join(folder, 'cache', 'proxy-tray', 'node');

  return {
    root,
    cache,
    folder,
    /** What the stand-ins were asked, one call a line. */
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    /**
     * Runs `node scripts/launcher/main.mjs ARGS` in the checkout. `asUser` runs it as another,
     * unprivileged user (needs root here: setpriv); `node` is the Node.js it starts on.
     */
    run(
      args: string[],
      env: Record<string, string> = {},
      run: {
        node?: string;
        asUser?: number;
        signalWhen?: { printed: string; signal: NodeJS.Signals };
      } = {},
    ): Promise<LauncherRun> {
      const node = run.node ?? process.execPath;
      const command = [node, join(root, 'scripts', 'launcher', 'main.mjs'), ...args];
      const [file, ...rest] =
        run.asUser === undefined
          ? command
          : [
              'setpriv',
              `--reuid=${run.asUser}`,
              `--regid=${run.asUser}`,
              '--clear-groups',
              ...command,
            ];
      // As a newcomer's shell has it: not yet switched by a launcher (as `npm test` itself is).
      const { [SWITCHED_ENV]: _switched, npm_config_nodedir: _nodedir, ...inherited } = process.env;
      return new Promise((resolve, reject) => {
        const child = spawn(file as string, rest, {
          // Not the checkout: the launcher finds it from its own path, wherever it is started.
          cwd: folder,
          env: {
            ...inherited,
            PATH: [fakes, process.env['PATH']].join(delimiter),
            npm_execpath: join(fakes, 'npm-cli.mjs'),
            PROXY_TRAY_NODE_HOME: cache,
            PROXY_TRAY_CHROMIUM: '',
            FAKE_LOG: log,
            HOME: folder,
            ...env,
          },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => {
          const before = stdout;
          stdout += chunk.toString();
          const when = run.signalWhen;
          if (when && !before.includes(when.printed) && stdout.includes(when.printed)) {
            child.kill(when.signal);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
      });
    },
    /** A copy of this Node.js that another user can run (ours may sit in root's home). */
    sharedNode(): string {
      const node = join(folder, 'node');
      try {
        linkSync(process.execPath, node);
      } catch {
        copyFileSync(process.execPath, node);
      }
      chmodSync(node, 0o755);
      return node;
    },
  };
}

/** A command for after `--` that prints what the launcher handed it, as JSON. */
export const PRINT_ENVIRONMENT = [
  'node',
  '-e',
  'console.log("ENV " + JSON.stringify({ switched: process.env.PROXY_TRAY_LAUNCHED_ON_NODE, path: process.env.PATH, nodedir: process.env.npm_config_nodedir }))',
];

export function printedEnvironment(stdout: string): {
  switched?: string;
  path: string;
  nodedir?: string;
} {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('ENV '));
  if (!line) throw new Error(`The command printed no environment:\n${stdout}`);
  return JSON.parse(line.slice(4));
}
