import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROJECT_ROOT } from '../electron/support/smoke-app';

// The release workflow cannot run here; what it promises can be read from it: the three OSes, the
// same tests as here, the smoke tests of the packaged app (under a display and a keychain on
// Linux), and publishing only from a version tag, after the tests.

const stepSchema = z.object({
  name: z.string().optional(),
  if: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
  with: z.record(z.string(), z.unknown()).optional(),
});
type Step = z.infer<typeof stepSchema>;

const jobSchema = z.object({
  needs: z.union([z.string(), z.array(z.string())]).optional(),
  if: z.string().optional(),
  'runs-on': z.string(),
  permissions: z.record(z.string(), z.string()).optional(),
  strategy: z
    .object({ 'fail-fast': z.boolean(), matrix: z.object({ os: z.array(z.string()) }) })
    .optional(),
  steps: z.array(stepSchema),
});

const workflowSchema = z.object({
  on: z.object({
    push: z.object({ tags: z.array(z.string()) }),
    pull_request: z.null(),
    workflow_dispatch: z.null(),
  }),
  permissions: z.record(z.string(), z.string()),
  jobs: z.record(z.string(), jobSchema),
});

const workflow = workflowSchema.parse(
  load(readFileSync(join(PROJECT_ROOT, '.github/workflows/release.yml'), 'utf8')),
);
const { test: testJob, release: releaseJob } = workflow.jobs;
const THREE_OSES = ['ubuntu-latest', 'windows-latest', 'macos-latest'];
const TAG_ONLY = "startsWith(github.ref, 'refs/tags/v')";

function job(value: typeof testJob, name: string): NonNullable<typeof testJob> {
  if (!value) throw new Error(`The workflow has no "${name}" job`);
  return value;
}

/** Where in the job's steps the first step running exactly this command is. */
function indexOfRun(steps: Step[], command: string): number {
  const index = steps.findIndex((step) => step.run?.trim() === command);
  if (index < 0) throw new Error(`No step runs "${command}"`);
  return index;
}

const publishes = (step: Step) => /electron-builder\b.*--publish always/.test(step.run ?? '');

describe('the release workflow', () => {
  it('runs on version tags, on pull requests and by hand', () => {
    expect(workflow.on.push.tags).toEqual(['v*']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('tests on Linux, Windows and macOS, letting each finish', () => {
    const tests = job(testJob, 'test');
    expect(tests.strategy?.['fail-fast']).toBe(false);
    expect([...(tests.strategy?.matrix.os ?? [])].sort()).toEqual([...THREE_OSES].sort());
    expect(tests['runs-on']).toBe('${{ matrix.os }}');
  });

  it('installs with npm ci and the Electron binary, then runs npm test, then the smoke tests', () => {
    const { steps } = job(testJob, 'test');
    const order = [
      indexOfRun(steps, 'npm ci'),
      indexOfRun(steps, 'node node_modules/electron/install.js'),
      indexOfRun(steps, 'npm test'),
      indexOfRun(steps, 'npm run dist:smoke'),
      indexOfRun(steps, 'xvfb-run -a sh scripts/with-keychain.sh npm run test:electron'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Every smoke-test run comes after the smoke build it launches.
    for (const [index, step] of steps.entries()) {
      if (step.run?.includes('test:electron')) {
        expect(index).toBeGreaterThan(indexOfRun(steps, 'npm run dist:smoke'));
      }
    }
  });

  it('runs the smoke tests under xvfb-run with a keychain on Linux, directly elsewhere', () => {
    const smoke = job(testJob, 'test').steps.filter((step) => step.run?.includes('test:electron'));
    expect(smoke.map((step) => [step.if, step.run?.trim()])).toEqual([
      ["runner.os == 'Linux'", 'xvfb-run -a sh scripts/with-keychain.sh npm run test:electron'],
      ["runner.os != 'Linux'", 'npm run test:electron'],
    ]);
  });

  it('installs the .deb and the Windows installer of the smoke build and checks proxy-tray on the PATH', () => {
    const { steps } = job(testJob, 'test');
    const checks = steps.filter((step) => step.run?.includes('scripts/installed-command/'));
    expect(checks.map((step) => [step.if, step.run?.trim()])).toEqual([
      ["runner.os == 'Linux'", 'sh scripts/installed-command/check-deb.sh'],
      ["runner.os == 'Windows'", './scripts/installed-command/check-windows.ps1'],
    ]);
    for (const check of checks) {
      expect(steps.indexOf(check)).toBeGreaterThan(indexOfRun(steps, 'npm run dist:smoke'));
    }
  });

  it("drives Playwright's own Chromium and keeps Playwright's artefacts of a failed run", () => {
    const tests = job(testJob, 'test');
    expect(tests.steps.some((step) => step.run?.includes('npx playwright install'))).toBe(true);
    const upload = tests.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toBe('failure()');
    expect(String(upload?.with?.['path'])).toContain('test-results/electron-artifacts/');
  });

  it('publishes only from the tag-gated release job, after the tests, with write access there alone', () => {
    const release = job(releaseJob, 'release');
    expect(release.if).toBe(TAG_ONLY);
    expect(release.needs).toBe('test');
    expect(release.permissions).toEqual({ contents: 'write' });
    expect([...(release.strategy?.matrix.os ?? [])].sort()).toEqual([...THREE_OSES].sort());
    expect(release.steps.filter(publishes)).toHaveLength(1);

    for (const [name, other] of Object.entries(workflow.jobs)) {
      if (other === release) continue;
      expect(other.steps.filter(publishes), `job ${name}`).toEqual([]);
      expect(other.permissions?.['contents'], `job ${name}`).not.toBe('write');
    }
  });

  it('builds the app and the proxy-tray executable before packaging it for release', () => {
    const { steps } = job(releaseJob, 'release');
    const packaging = steps.findIndex(publishes);
    const executable = indexOfRun(steps, 'node scripts/cli-executable/build-cli-executable.mjs');
    expect(indexOfRun(steps, 'npm ci')).toBeLessThan(indexOfRun(steps, 'npm run build'));
    expect(indexOfRun(steps, 'npm run build')).toBeLessThan(executable);
    expect(executable).toBeLessThan(packaging);
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.['path'])).toContain('dist/*.exe');
  });

  it('pins every action to a major version', () => {
    const uses = Object.values(workflow.jobs).flatMap((each) =>
      each.steps.flatMap((step) => (step.uses ? [step.uses] : [])),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^actions\/[a-z-]+@v\d+$/);
  });
});
