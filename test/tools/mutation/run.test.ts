import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `npm run test:mutation -- ARGS` as the launcher runs it, in a process of its own. */
function mutationRun(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'tools/mutation/run.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run test:mutation', () => {
  it('refuses a module it does not know, an option, or a concurrency not 1 to 32, with its usage and exit code 2', () => {
    const concurrencies = ['0', '33', '1.5', 'two', ''].map((n) => [
      'stores',
      `--concurrency=${n}`,
    ]);
    for (const args of [['nonsense'], ['stores', '--all'], ['-x'], ...concurrencies]) {
      const run = mutationRun(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(
        'usage: npm run test:mutation -- [api|plans|session|stores|clipboard|credentials|http-framing|local-ports|pools|cli]… [--incremental] [--concurrency=1..32]',
      );
      expect(run.stdout).toBe('');
    }
  });
});
