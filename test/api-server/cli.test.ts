import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callApi } from './test-helpers';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('cli.ts', () => {
  it('starts a sized server, prints its base URL and a working token, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--plans', '3', '--proxies', '2', '--prefix', '/api'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    try {
      await expect.poll(() => output, { timeout: 15_000 }).toMatch(/^TOKEN=\S+$/m);
      const baseUrl = /^BASE_URL=(\S+)$/m.exec(output)?.[1] ?? '';
      const token = /^TOKEN=(\S+)$/m.exec(output)?.[1] ?? '';
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);

      const plans = await callApi({ baseUrl }, 'GET', 'users/plans', { token });
      expect(plans.status).toBe(200);
      expect(plans.json).toHaveLength(3);
      expect((plans.json as { proxies: unknown[] }[])[0]?.proxies).toHaveLength(2);

      const controlUrl = `${new URL(baseUrl).origin}/__control/`;
      expect((await callApi({ baseUrl: controlUrl }, 'GET', 'faults')).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = await once(child, 'exit');
    // Windows has no catchable SIGTERM: kill() ends the process there, so the clean stop is
    // proven on Linux and macOS.
    if (process.platform === 'win32') expect(signal).toBe('SIGTERM');
    else expect(code).toBe(0);
  });

  it('refuses a bad flag value with a message and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--plans', 'many'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(errors).toContain('--plans must be an integer');
  });
});
