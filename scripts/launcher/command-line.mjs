import { LaunchError } from './launch-error.mjs';
import { npmCommand } from './processes.mjs';

/** @typedef {import('./processes.mjs').Env} Env */

/** What the launcher prepares for: the demo needs less than the tests, the benchmarks more. */
export const PURPOSES = /** @type {const} */ (['demo', 'test', 'bench']);

/**
 * @param {string[]} argv the launcher's own arguments
 * @returns {{ purpose: 'demo' | 'test' | 'bench', command: [string, ...string[]] }}
 */
export function parseArguments(argv) {
  const [purpose, separator, ...command] = argv;
  const known = PURPOSES.find((name) => name === purpose);
  if (!known || separator !== '--' || command.length === 0) {
    throw new LaunchError(
      `usage: node scripts/launcher/main.mjs ${PURPOSES.join('|')} -- COMMAND [ARGS…]`,
      2,
    );
  }
  return { purpose: known, command: /** @type {[string, ...string[]]} */ (command) };
}

/**
 * The command after `--`: `node` is this Node and `npm` the npm that started us, on every OS.
 * @param {[string, ...string[]]} command @param {Env} env
 */
export function commandFile(command, env) {
  const [file, ...args] = command;
  if (file === 'node') return { file: process.execPath, args, shell: false };
  if (file === 'npm') {
    const npm = npmCommand(env);
    return { file: npm.file, args: [...npm.args, ...args], shell: npm.shell };
  }
  return { file, args, shell: false };
}
