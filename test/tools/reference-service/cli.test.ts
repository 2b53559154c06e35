import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callApi, callControl } from './test-helpers';

const CLI = fileURLToPath(new URL('../../../tools/reference-service/cli.ts', import.meta.url));

describe('cli.ts', () => {
  it('starts a sized server, prints its base URL and a working token, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', CLI, '--port', '0', '--plans', '3', '--proxies', '2'],
        // The bare array below is the spec's; the environment may ask for the loose dialect.
        ...['--prefix', '/api', '--dialect', 'spec'],
      ],
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

      // The control API, with the key printed for whoever started the server, and only with it.
      const controlKey = /^CONTROL_KEY=(\S+)$/m.exec(output)?.[1] ?? '';
      const url = new URL(baseUrl).origin;
      expect((await callControl({ url, controlKey }, 'GET', 'faults')).status).toBe(200);
      expect((await callControl({ url, controlKey: undefined }, 'GET', 'faults')).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = await once(child, 'exit');
    // Windows has no catchable SIGTERM: kill() ends the process there, so the clean stop is
    // proven on Linux and macOS.
    if (process.platform === 'win32') expect(signal).toBe('SIGTERM');
    else expect(code).toBe(0);
  });

  it('serves the loose dialect with --dialect loose, and says so', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--dialect', 'loose'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    try {
      await expect.poll(() => output, { timeout: 15_000 }).toMatch(/^TOKEN=\S+$/m);
      expect(output).toMatch(/^DIALECT=loose$/m);
      expect(output).toContain('(loose dialect)');
      const baseUrl = /^BASE_URL=(\S+)$/m.exec(output)?.[1] ?? '';
      const token = /^TOKEN=(\S+)$/m.exec(output)?.[1] ?? '';
      const plans = await callApi({ baseUrl }, 'GET', 'users/plans', { token });
      expect(plans.status).toBe(200);
      expect(Array.isArray(plans.json)).toBe(false);
    } finally {
      child.kill('SIGTERM');
    }
    await once(child, 'exit');
  });

  it.each([
    ['--plans many', ['--plans', 'many'], {}, '--plans must be an integer'],
    ['--dialect lax', ['--dialect', 'lax'], {}, '--dialect must be one of spec, loose, got "lax"'],
    [
      'PROXY_TRAY_API_DIALECT=lax',
      [],
      { PROXY_TRAY_API_DIALECT: 'lax' },
      'Unknown API dialect (PROXY_TRAY_API_DIALECT=lax)',
    ],
  ])('refuses %s with a message and exit code 1', async (_case, args, env, message) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(errors).toContain(message);
    expect(errors).toContain('Usage:');
  });
});
