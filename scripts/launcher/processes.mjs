import { spawn } from 'node:child_process';
import { LaunchError } from './launch-error.mjs';

/** @typedef {Record<string, string | undefined>} Env */

/**
 * How to start npm from here: the npm that started us (npm_execpath, a JavaScript file) on the
 * Node running now, so that a switched Node is the one npm builds native addons for. Without it
 * (the launcher started by hand) the `npm` on PATH, through the shell on Windows (npm.cmd).
 * @param {Env} env
 * @returns {{ file: string, args: string[], shell: boolean }}
 */
export function npmCommand(env) {
  const script = env['npm_execpath'];
  if (script && /\.[cm]?js$/.test(script))
    return { file: process.execPath, args: [script], shell: false };
  return { file: 'npm', args: [], shell: process.platform === 'win32' };
}

/**
 * Runs a set-up command with its output kept: nothing is shown unless it fails, and then all of
 * it is, under one line naming the command.
 * @param {string} file
 * @param {string[]} args
 * @param {{ env: Env, cwd?: string, shell?: boolean, label: string }} options
 * @returns {Promise<string>} what it printed
 */
export function runQuiet(file, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      shell: options.shell ?? false,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) =>
      reject(new LaunchError(`${options.label} could not start: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      const printed = Buffer.concat(chunks).toString('utf8');
      if (code === 0) resolve(printed);
      else
        reject(
          new LaunchError(
            `${options.label} failed (${signal ?? `exit ${code}`}):\n${printed.trimEnd()}`,
          ),
        );
    });
  });
}

/**
 * Runs npm quietly (runQuiet), started as npmCommand says.
 * @param {string[]} args
 * @param {{ env: Env, cwd?: string, label?: string }} options label: `npm ARGS` unless given
 */
export function runNpmQuiet(args, options) {
  const npm = npmCommand(options.env);
  return runQuiet(npm.file, [...npm.args, ...args], {
    env: options.env,
    cwd: options.cwd,
    shell: npm.shell,
    label: options.label ?? `npm ${args.join(' ')}`,
  });
}

/** Signals passed on to the command, so that stopping the launcher stops what it runs. */
const FORWARDED = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * Runs the command the launcher was asked for, on this terminal, and settles with how it ended.
 * Signals sent to the launcher are passed on; the command decides what they mean.
 * @param {string} file
 * @param {string[]} args
 * @param {{ env: Env, shell?: boolean }} options
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null }>}
 */
export function runAttached(file, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: options.env,
      shell: options.shell ?? false,
      stdio: 'inherit',
    });
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => child.kill(signal);
    for (const signal of FORWARDED) process.on(signal, forward);
    const stopForwarding = () => {
      for (const signal of FORWARDED) process.off(signal, forward);
    };
    child.on('error', (error) => {
      stopForwarding();
      reject(new LaunchError(`${file} could not start: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      stopForwarding();
      resolve({ code, signal });
    });
  });
}
