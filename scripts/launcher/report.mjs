import { performance } from 'node:perf_hooks';

/** Every line of the launcher starts with this, so it reads apart from the command's own output. */
export const PREFIX = 'proxy-tray:';

/** @param {number} started a performance.now() reading */
export function secondsSince(started) {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/**
 * Runs one step of the set-up as one line: what it does and why, then how long it took (or that
 * it failed, after how long). The step's own output is kept by the step and shown only on failure.
 * @template T
 * @param {string} what
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function step(what, work) {
  const started = performance.now();
  process.stdout.write(`${PREFIX} ${what} …`);
  try {
    const result = await work();
    process.stdout.write(` ${secondsSince(started)}\n`);
    return result;
  } catch (error) {
    process.stdout.write(` failed after ${secondsSince(started)}\n`);
    throw error;
  }
}
