import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm run build` reads: the sources and the configuration of the three bundles. */
export const BUILD_INPUTS = [
  'src',
  'electron.vite.config.ts',
  'svelte.config.js',
  'tsconfig.json',
  'tsconfig.web.json',
  'package-lock.json',
];

/** One file of each bundle `npm run build` writes anew every time. */
export const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];

/**
 * The newest modification time under a file or folder (0 where there is nothing).
 * @param {string} path
 * @returns {number}
 */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    0,
  );
}

/**
 * @typedef {{ kind: 'ready' } | { kind: 'build', reason: string }} BuildDecision
 */

/**
 * Whether out/ holds a build of the sources as they are: missing, or older than any input, it
 * is built again (the demo serves it).
 * @param {string} root
 * @returns {BuildDecision}
 */
export function decideBuild(root) {
  const missing = BUILD_OUTPUTS.filter((path) => !existsSync(join(root, path)));
  if (missing.length > 0) return { kind: 'build', reason: `${missing.join(', ')} missing` };
  const built = Math.min(...BUILD_OUTPUTS.map((path) => statSync(join(root, path)).mtimeMs));
  const changed = BUILD_INPUTS.find((input) => newestChange(join(root, input)) > built);
  return changed === undefined
    ? { kind: 'ready' }
    : { kind: 'build', reason: `${changed} changed since the last build` };
}
