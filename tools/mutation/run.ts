import { Stryker } from '@stryker-mutator/core';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';
import { CORE_MODULES, type CoreModule } from './core-modules';
import { mutationScore, summaryLine, FLOOR_PERCENT } from './score';

/**
 * `npm run test:mutation [module…] [--incremental] [--concurrency=N]`: StrykerJS with the vitest runner over the
 * core modules (all of them, or those named), one run each, reports in reports/mutation/<module>/
 * (HTML and JSON) and a summary line per module. --incremental re-tests only the mutants whose
 * code or tests changed since the last run of that module, full or not (its incremental file is
 * kept with the reports): the quick floor to run before stopping. --concurrency=N runs N mutants at
 * once (2 by default): the network modules' tests mostly wait on sockets and timers, so more
 * runners than cores shorten them. Exits 1 when a module is under the floor, 2 on a wrong argument.
 */
const args = process.argv.slice(2);
const incremental = args.includes('--incremental');
const concurrencyArg = args.find((arg) => arg.startsWith('--concurrency='));
const concurrency = Number(concurrencyArg?.slice('--concurrency='.length) ?? 2);
const names = args.filter((arg) => arg !== '--incremental' && arg !== concurrencyArg);
const unknown = names.filter((name) => !CORE_MODULES.some((module) => module.name === name));
if (unknown.length > 0 || !Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
  console.error(
    `usage: npm run test:mutation -- [${CORE_MODULES.map((module) => module.name).join('|')}]… [--incremental] [--concurrency=1..32]`,
  );
  process.exit(2);
}
const chosen =
  names.length === 0 ? CORE_MODULES : CORE_MODULES.filter((m) => names.includes(m.name));

const lines: string[] = [];
let underFloor = false;
for (const module of chosen) {
  const results = await mutate(module);
  const score = mutationScore(results);
  underFloor ||= score.percent < FLOOR_PERCENT;
  lines.push(summaryLine(module.name, score));
}
console.log(`\nMutation score per module (floor ${FLOOR_PERCENT} %):`);
for (const line of lines) console.log(line);
process.exitCode = underFloor ? 1 : 0;

async function mutate(module: CoreModule): Promise<MutantResult[]> {
  const folder = `reports/mutation/${module.name}`;
  process.env.PROXY_TRAY_MUTATION_TESTS = JSON.stringify(module.tests);
  const options: PartialStrykerOptions = {
    testRunner: 'vitest',
    vitest: { configFile: 'tools/mutation/vitest.config.ts', related: true },
    coverageAnalysis: 'perTest',
    concurrency,
    mutate: module.mutate,
    // What the sandbox copy of the project leaves out: built output and earlier reports.
    ignorePatterns: ['reports', 'out', 'dist', 'dist-smoke', 'test-results', 'playwright-report'],
    reporters: ['progress', 'clear-text', 'html', 'json'],
    htmlReporter: { fileName: `${folder}/index.html` },
    jsonReporter: { fileName: `${folder}/mutation.json` },
    // A full run records its results too (forced to test every mutant), so that the quick
    // --incremental run after it re-tests only what changed since.
    incremental: true,
    force: !incremental,
    incrementalFile: `${folder}/incremental.json`,
    tempDirName: '.stryker-tmp',
    // A mutant that hangs a connection is killed by its timeout, not waited for.
    timeoutMS: 20_000,
  };
  return new Stryker(options).runMutationTest();
}
