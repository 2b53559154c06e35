import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../electron/support/smoke-app';
import { listeningAddresses } from '../support/listening-sockets';

// `npm run demo` as a newcomer meets it: its data folder kept between runs unless --fresh, and a
// port already taken named with the variable that moves it. (No Electron binary here: the demo
// opens the browser harness, over the same data folder the app would use.)

interface DemoRun {
  output: string;
  code: number | null;
}

/** Runs the demo until it says the popup is up (then stops it) or until it exits by itself. */
function runDemo(args: string[], env: Record<string, string> = {}): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PROXY_TRAY_DEMO_PORT: '0', PROXY_TRAY_PREVIEW_PORT: '0', ...env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Proxy Tray popup:')) child.kill('SIGINT');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ output, code }));
  });
}

describe('npm run demo', () => {
  it('keeps its data folder between runs, and --fresh empties it', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'demo-test-')), 'data');
    const first = await runDemo(['--data-dir', dataDir]);
    expect(first.output).toContain(`in ${dataDir} (kept between runs`);
    expect(existsSync(join(dataDir, 'settings.json'))).toBe(true);
    await writeFile(join(dataDir, 'marker.txt'), 'kept');

    await runDemo(['--data-dir', dataDir]);
    expect(await readFile(join(dataDir, 'marker.txt'), 'utf8')).toBe('kept');

    await runDemo(['--data-dir', dataDir, '--fresh']);
    expect(existsSync(join(dataDir, 'marker.txt'))).toBe(false);
    expect(existsSync(join(dataDir, 'settings.json'))).toBe(true);
  }, 60_000);

  it.skipIf(process.platform !== 'linux')(
    'listens on 127.0.0.1 only, and lets in only whoever holds the keys it printed (Linux only: reads /proc)',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'demo-test-'));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/demo.ts', '--data-dir', dataDir],
        {
          cwd: PROJECT_ROOT,
          env: { ...process.env, PROXY_TRAY_DEMO_PORT: '0', PROXY_TRAY_PREVIEW_PORT: '0' },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await expect.poll(() => output, { timeout: 45_000 }).toContain('Proxy Tray popup:');
        // The service, the IP echo, the local proxy for checks and the popup.
        const listening = listeningAddresses(child.pid ?? 0);
        expect(listening.length).toBeGreaterThanOrEqual(4);
        expect(listening.filter((address) => address !== '127.0.0.1')).toEqual([]);

        const popup = new URL(/Proxy Tray popup: (\S+)/.exec(output)?.[1] ?? '');
        expect(popup.searchParams.get('key')).toMatch(/^[\w-]{43}$/);
        const forged = await fetch(new URL('/__harness/state', popup.origin), {
          headers: { Origin: popup.origin },
        });
        expect(forged.status).toBe(403);
        const opened = await fetch(popup, { redirect: 'manual' });
        expect(opened.status).toBe(303);
        const cookie = opened.headers.get('Set-Cookie')?.split(';')[0] ?? '';
        const page = await fetch(new URL('/', popup.origin), { headers: { Cookie: cookie } });
        expect(page.status).toBe(200);

        const [, control = '', controlKey = ''] =
          /Its control API: (\S+) with the header X-Control-Key: (\S+)/.exec(output) ?? [];
        expect((await fetch(new URL('faults', control))).status).toBe(403);
        const withKey = await fetch(new URL('faults', control), {
          headers: { 'X-Control-Key': controlKey },
        });
        expect(withKey.status).toBe(200);
      } finally {
        child.kill('SIGINT');
        if (child.exitCode === null) await once(child, 'exit');
      }
    },
    60_000,
  );

  it('names a port already in use and the variable that moves it', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const dataDir = await mkdtemp(join(tmpdir(), 'demo-test-'));
      const run = await runDemo(['--data-dir', dataDir], { PROXY_TRAY_DEMO_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        `Port ${port} is already in use: set PROXY_TRAY_DEMO_PORT to another port.`,
      );
    } finally {
      holder.close();
    }
  }, 30_000);
});
