// `npm test`'s phases: npm scripts run one after another on this terminal, stopping at the first
// that fails, each followed by one line of how long it took, and the split at the end (what CI's
// time goes to).
//   node scripts/launcher/steps.mjs SCRIPT…
import { performance } from 'node:perf_hooks';
import { npmCommand, runAttached } from './processes.mjs';
import { PREFIX, secondsSince } from './report.mjs';

const scripts = process.argv.slice(2);
const npm = npmCommand(process.env);
/** @type {string[]} */
const split = [];
for (const script of scripts) {
  const started = performance.now();
  const ended = await runAttached(npm.file, [...npm.args, 'run', script], {
    env: process.env,
    shell: npm.shell,
  });
  const took = secondsSince(started);
  if (ended.code !== 0) {
    process.stdout.write(`${PREFIX} ${script} failed after ${took}\n`);
    process.exit(ended.code ?? 1);
  }
  split.push(`${script} ${took}`);
  process.stdout.write(`${PREFIX} ${script} passed in ${took}\n`);
}
process.stdout.write(`${PREFIX} all passed: ${split.join(' · ')}\n`);
