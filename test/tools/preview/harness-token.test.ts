import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { harnessToken } from '../../../tools/preview/harness-token';

/** What `npm run preview` runs. */
const preview = fileURLToPath(new URL('../../../tools/preview/preview.mjs', import.meta.url));

/** Every process below `pid`, from Linux's /proc. */
function descendantsOf(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return children.map(Number).flatMap((child) => [child, ...descendantsOf(child)]);
}

describe('the harness’s token', () => {
  it('comes from PROXY_TRAY_TOKEN', async () => {
    expect(await harnessToken('from-env', Readable.from([]), false)).toBe('from-env');
    expect(await harnessToken(undefined, Readable.from([]), false)).toBeUndefined();
  });

  it('comes from the first line of stdin with --token-stdin, whatever the environment says', async () => {
    const stdin = Readable.from(['tok', 'en-from-stdin\r\nnext line\n']);
    expect(await harnessToken('env', stdin, true)).toBe('token-from-stdin');
    expect(await harnessToken(undefined, Readable.from(['\n']), true)).toBeUndefined();
  });

  it('is never taken from the command line, which the process list shows: --token is refused', async () => {
    const run = promisify(execFile)(process.execPath, [preview, '--token', 'x'], {
      env: { ...process.env, PROXY_TRAY_TOKEN: '' },
      timeout: 20_000,
    });
    await expect(run).rejects.toMatchObject({ stderr: expect.stringContaining("'--token'") });
  });

  it.skipIf(process.platform !== 'linux')(
    'reaches no process `npm run preview` starts: esbuild’s environments lack it (Linux only: read from /proc)',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'proxy-tray-preview-env-'));
      const canary = `canary-token-${process.pid}`;
      const child = spawn(process.execPath, [preview, '--port', '0', '--data-dir', dataDir], {
        env: { ...process.env, PROXY_TRAY_TOKEN: canary },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      try {
        await expect.poll(() => output, { timeout: 20_000 }).toContain('Proxy Tray popup:');
        const started = descendantsOf(child.pid ?? 0);
        // esbuild's service processes (the TypeScript loader's, when it had something to compile,
        // and the one that bundled the bridge): there is at least one to look at.
        expect(started.length).toBeGreaterThan(0);
        for (const pid of started) {
          const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
          expect(environment.some((entry) => entry.startsWith('PATH='))).toBe(true);
          expect(environment.filter((entry) => entry.includes(canary))).toEqual([]);
        }
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
