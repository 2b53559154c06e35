import { performance } from 'node:perf_hooks';

/** Where the launcher's own lines go: stdout, or a list in tests. */
/** @typedef {{ write(text: string): unknown }} Output */

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
 * @param {Output} output
 * @param {string} what
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function step(output, what, work) {
  const started = performance.now();
  output.write(`${PREFIX} ${what} …`);
  try {
    const result = await work();
    output.write(` ${secondsSince(started)}\n`);
    return result;
  } catch (error) {
    output.write(` failed after ${secondsSince(started)}\n`);
    throw error;
  }
}
