import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../electron/support/smoke-app';

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
