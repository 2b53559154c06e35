import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { harnessToken } from './harness-token';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('the harness’s token', () => {
  it('comes from PROXY_TRAY_TOKEN', async () => {
    const env = { PROXY_TRAY_TOKEN: 'from-env' };
    expect(await harnessToken(env, Readable.from([]), false)).toBe('from-env');
    expect(await harnessToken({}, Readable.from([]), false)).toBeUndefined();
  });

  it('comes from the first line of stdin with --token-stdin, whatever the environment says', async () => {
    const stdin = Readable.from(['tok', 'en-from-stdin\r\nnext line\n']);
    expect(await harnessToken({ PROXY_TRAY_TOKEN: 'env' }, stdin, true)).toBe('token-from-stdin');
    expect(await harnessToken({}, Readable.from(['\n']), true)).toBeUndefined();
  });

  it('is never taken from the command line, which the process list shows: --token is refused', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--token', 'x'], {
      env: { ...process.env, PROXY_TRAY_TOKEN: '' },
      timeout: 20_000,
    });
    await expect(run).rejects.toMatchObject({ stderr: expect.stringContaining("'--token'") });
  });
});
