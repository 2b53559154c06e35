// `npm run demo` and `npm test` start here, on whatever Node the machine has, with nothing of the
// project installed yet (so: plain Node, no dependency). It prepares the checkout, one line per
// step, then runs the command after `--`:
//   node scripts/launcher/main.mjs demo|test|bench -- COMMAND [ARGS…]
// 1. the Node.js of .nvmrc: fetched from the npm registry into a per-user cache where the machine
//    has another, and this launcher started again under it (project code never runs on a Node it
//    was not installed for);
// 2. Debian's packages the purpose needs (apt-get as root, `sudo -n`, or the command to run);
// 3. node_modules: `npm ci` when missing or from another lockfile, native addons rebuilt for
//    another Node;
// 4. for the demo, the popup built when out/ is missing or older than its sources.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LaunchError } from './launch-error.mjs';
import {
  currentInstall,
  decideModules,
  modulesInstalled,
  readInstallRecord,
  writeInstallRecord,
} from './install-record.mjs';
import {
  SWITCHED_ENV,
  decideNode,
  describePlatform,
  environmentFor,
  fetchNode,
  nodeCacheFolder,
  nodeInstall,
  wantedNodeVersion,
} from './node-runtime.mjs';
import { decideBuild } from './popup-build.mjs';
import { commandFile, parseArguments } from './command-line.mjs';
import { runAttached, runNpmQuiet } from './processes.mjs';
import { PREFIX, step } from './report.mjs';
import {
  aptInstall,
  decideInstall,
  missingPackages,
  packagesFor,
  queryDpkg,
  refuseUnlessInstallable,
  sudoWithoutPassword,
} from './system-packages.mjs';

/** @typedef {import('./processes.mjs').Env} Env */

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Step 1. Undefined when this Node is the one; else how the launcher, started again under the
 * right one, ended.
 * @param {Env} env
 */
async function switchNode(env) {
  const wanted = wantedNodeVersion(root);
  const decision = decideNode({
    current: process.versions.node,
    wanted,
    platform: process.platform,
    arch: process.arch,
    switched: env[SWITCHED_ENV],
  });
  if (decision.kind === 'here') return undefined;
  if (decision.kind === 'refuse') throw new LaunchError(decision.message);
  const cache = nodeCacheFolder(env, process.platform, homedir());
  let install = nodeInstall(cache, wanted, decision.packageName, process.platform);
  if (!existsSync(install.binary)) {
    install = await step(
      `fetching Node.js ${wanted} for ${describePlatform(process.platform, process.arch)} (this is ${process.versions.node}) from the npm registry into ${cache}`,
      () =>
        fetchNode({
          cache,
          version: wanted,
          packageName: decision.packageName,
          platform: process.platform,
          env,
        }),
    );
  }
  process.stdout.write(`${PREFIX} running on Node.js ${wanted} from ${install.home}\n`);
  return runAttached(install.binary, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    env: environmentFor(env, install.home, wanted, process.platform),
  });
}

/**
 * Step 2 (Debian and Ubuntu; elsewhere the README says what to install by hand).
 * @param {'demo' | 'test' | 'bench'} purpose @param {Env} env
 * @returns {Promise<boolean>} whether anything was installed
 */
async function installSystemPackages(purpose, env) {
  if (process.platform !== 'linux') return false;
  const wanted = packagesFor(purpose, env);
  const dpkg = queryDpkg(wanted, env);
  if (dpkg === undefined) {
    process.stdout.write(
      `${PREFIX} no dpkg here: make sure the equivalents of ${wanted.join(' ')} are installed (README)\n`,
    );
    return false;
  }
  const missing = missingPackages(wanted, dpkg);
  if (missing.length === 0) return false;
  const decision = decideInstall({ missing, uid: process.getuid?.(), sudoWithoutPassword });
  refuseUnlessInstallable(decision);
  await step(`installing system packages ${missing.join(' ')} with apt-get`, () =>
    aptInstall(missing, decision.apt, env),
  );
  return true;
}

/**
 * Step 3.
 * @param {Env} env @returns {Promise<boolean>} whether anything was done
 */
async function prepareModules(env) {
  const current = currentInstall(root);
  const decision = decideModules({
    installed: modulesInstalled(root),
    record: readInstallRecord(root),
    current,
  });
  if (decision.kind === 'ready') return false;
  const args = decision.kind === 'install' ? ['ci', '--no-audit', '--no-fund'] : ['rebuild'];
  await step(`npm ${args[0]} (${decision.reason})`, () => runNpmQuiet(args, { env, cwd: root }));
  writeInstallRecord(root, current);
  return true;
}

/**
 * Step 4.
 * @param {Env} env @returns {Promise<boolean>} whether it built
 */
async function buildPopup(env) {
  const decision = decideBuild(root);
  if (decision.kind === 'ready') return false;
  await step(`building the popup (${decision.reason})`, () =>
    runNpmQuiet(['run', 'build'], { env, cwd: root }),
  );
  return true;
}

/** @param {{ code: number | null, signal: NodeJS.Signals | null }} ended */
function endLike(ended) {
  if (ended.signal) {
    process.kill(process.pid, ended.signal);
    return;
  }
  process.exitCode = ended.code ?? 1;
}

async function main() {
  const started = performance.now();
  const { purpose, command } = parseArguments(process.argv.slice(2));
  const env = process.env;
  const switched = await switchNode(env);
  if (switched) return endLike(switched);
  const installed = await installSystemPackages(purpose, env);
  const modules = await prepareModules(env);
  const built = purpose === 'demo' ? await buildPopup(env) : false;
  if (!installed && !modules && !built) {
    process.stdout.write(
      `${PREFIX} ready: Node.js ${process.versions.node}, system packages, node_modules${purpose === 'demo' ? ', popup build' : ''} checked in ${Math.round(performance.now() - started)} ms\n`,
    );
  }
  const run = commandFile(command, env);
  endLike(await runAttached(run.file, run.args, { env, shell: run.shell }));
}

main().catch((/** @type {unknown} */ error) => {
  // Anything else is a bug of the launcher or a broken checkout: said with its stack.
  const known = error instanceof LaunchError;
  process.stderr.write(
    `${PREFIX} ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exitCode = known ? error.exitCode : 1;
});
