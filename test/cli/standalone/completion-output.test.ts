import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { makeCliPlace, runCli } from '../support/cli-process';

describe('proxy-tray completion bash, printed by the built command', () => {
  it('is a bash script that parses and defines the completion, with no account needed', async () => {
    const place = await makeCliPlace();
    const folder = await mkdtemp(join(tmpdir(), 'pt-completion-'));
    try {
      const run = await runCli(['completion', 'bash'], { env: place.env });
      expect(run.code).toBe(EXIT.done);
      const script = join(folder, 'proxy-tray.bash');
      await writeFile(script, run.stdout);

      const parsed = spawnSync('bash', ['-n', script], { encoding: 'utf8' });
      if (parsed.error) throw new Error('bash is missing: apt-get install bash');
      expect(parsed.stderr).toBe('');
      expect(parsed.status).toBe(0);
      const loaded = spawnSync(
        'bash',
        ['--norc', '-c', 'source "$1" && complete -p proxy-tray', 'bash', script],
        {
          encoding: 'utf8',
        },
      );
      expect(loaded.status).toBe(0);
      expect(loaded.stdout).toContain('proxy-tray');
    } finally {
      await rm(folder, { recursive: true, force: true });
      await place.remove();
    }
  });
});
