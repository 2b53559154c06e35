import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../electron/support/smoke-app';

// `npm test`'s phases (scripts/launcher/steps.mjs), against a stand-in npm that records each
// `npm run` and fails the one it is told to.

const STEPS = join(PROJECT_ROOT, 'scripts', 'launcher', 'steps.mjs');
const FAKE_NPM = fileURLToPath(new URL('fakes/npm-cli.mjs', import.meta.url));

function runSteps(scripts: string[], env: Record<string, string> = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'steps-test-'));
  const log = join(folder, 'calls.log');
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, [STEPS, ...scripts], {
    encoding: 'utf8',
    env: { ...process.env, npm_execpath: FAKE_NPM, FAKE_LOG: log, ...env },
  });
  const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  rmSync(folder, { recursive: true, force: true });
  return { ...run, calls };
}

describe('npm test, phase by phase', () => {
  it('runs each script in turn, one line of its time after each and the split at the end', () => {
    const run = runSteps(['typecheck', 'lint', 'test:unit']);
    expect(run.status).toBe(0);
    expect(run.calls).toEqual(['npm run typecheck', 'npm run lint', 'npm run test:unit']);
    expect(run.stdout).toMatch(
      /^proxy-tray: typecheck passed in \d+\.\d s\nproxy-tray: lint passed in \d+\.\d s\nproxy-tray: test:unit passed in \d+\.\d s\nproxy-tray: all passed: typecheck \d+\.\d s · lint \d+\.\d s · test:unit \d+\.\d s\n$/,
    );
  });

  it('stops at the first that fails, with its exit code', () => {
    const run = runSteps(['typecheck', 'lint', 'test:unit'], { FAKE_FAIL_lint: '3' });
    expect(run.status).toBe(3);
    expect(run.calls).toEqual(['npm run typecheck', 'npm run lint']);
    expect(run.stdout).toMatch(/proxy-tray: lint failed after \d+\.\d s\n$/);
    expect(run.stdout).not.toContain('all passed');
  });
});
