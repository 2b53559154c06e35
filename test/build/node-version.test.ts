import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROJECT_ROOT } from '../electron/support/smoke-app';

// One Node.js version for everyone: .nvmrc names it; engines, the lockfile's packages, the README,
// the launcher of `npm test` and `npm run demo` (so .ci/run) and the release workflow all follow
// it, so `npm ci` prints no EBADENGINE anywhere.

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8');
const nodeVersion = read('.nvmrc').trim();

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({
      engines: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional(),
    }),
  ),
});

describe('one Node.js version', () => {
  it('.nvmrc names one exact version', () => {
    expect(semver.valid(nodeVersion)).toBe(nodeVersion);
  });

  it('every package in the lockfile, ours included, accepts it (npm ci warns of none)', () => {
    const lock = lockSchema.parse(JSON.parse(read('package-lock.json')));
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range =
        entry.engines && !Array.isArray(entry.engines) ? entry.engines['node'] : undefined;
      return range && !semver.satisfies(nodeVersion, range)
        ? [`${name || 'proxy-tray'}: ${range}`]
        : [];
    });
    expect(refusing).toEqual([]);
    const ours = z
      .object({ engines: z.object({ node: z.string() }) })
      .parse(JSON.parse(read('package.json')));
    expect(semver.satisfies(nodeVersion, ours.engines.node)).toBe(true);
  });

  it(".ci/run is the README's test command, whose launcher takes the version from .nvmrc", () => {
    const commands = read('.ci/run')
      .split('\n')
      .filter(
        (line) =>
          line.trim() &&
          !line.startsWith('#') &&
          !line.startsWith('set ') &&
          !line.startsWith('cd '),
      );
    expect(commands).toEqual(['exec npm test']);
    const scripts = z
      .object({ scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(read('package.json'))).scripts;
    expect(scripts['test']).toMatch(/^node scripts\/launcher\/main\.mjs test -- /);
    expect(scripts['demo']).toMatch(/^node scripts\/launcher\/main\.mjs demo -- /);
    expect(read('scripts/launcher/node-runtime.mjs')).toContain("join(root, '.nvmrc')");
  });

  it('the release workflow sets up Node from .nvmrc in every job', () => {
    const workflow = z
      .object({
        jobs: z.record(
          z.string(),
          z.object({
            steps: z.array(
              z.object({
                uses: z.string().optional(),
                with: z.record(z.string(), z.unknown()).optional(),
              }),
            ),
          }),
        ),
      })
      .parse(load(read('.github/workflows/release.yml')));
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const setups = job.steps.filter((step) => step.uses?.startsWith('actions/setup-node@'));
      expect(setups, name).toHaveLength(1);
      expect(setups[0]?.with?.['node-version-file'], name).toBe('.nvmrc');
      expect(setups[0]?.with?.['node-version'], name).toBeUndefined();
    }
  });

  it('the README states it', () => {
    expect(read('README.md')).toContain(`Node.js ${nodeVersion}`);
  });
});
