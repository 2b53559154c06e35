import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Written in node_modules after every install by scripts/launcher/install-record.mjs. */
export const INSTALL_RECORD = '.proxy-tray-install.json';

/** The runtime a native addon is about to be loaded into. */
export interface Runtime {
  node: string;
  /** Set in Electron, whose packaged app carries addons built for itself and no record. */
  electron?: string | undefined;
}

/**
 * Says why a native addon of node_modules must not be loaded into this Node.js, or undefined
 * when it may. An addon built against another Node's headers can crash the whole process
 * without a word (a segmentation fault) when it loads: this is the clear line instead.
 * Without a record (an install that skipped npm's scripts) there is nothing to compare.
 * @param packageJson where the addon's package.json is (resolved from here by default)
 */
export function addonBuildMismatch(
  addon: string,
  runtime: Runtime = process.versions,
  packageJson: () => string = () => createRequire(import.meta.url).resolve(`${addon}/package.json`),
): string | undefined {
  if (runtime.electron !== undefined) return undefined;
  let builtFor: unknown;
  try {
    const nodeModules = dirname(dirname(packageJson()));
    builtFor = (
      JSON.parse(readFileSync(join(nodeModules, INSTALL_RECORD), 'utf8')) as { node?: unknown }
    ).node;
  } catch {
    // No record, or none that can be read: nothing to compare.
  }
  if (typeof builtFor !== 'string' || builtFor === runtime.node) return undefined;
  return `${addon} was built for Node ${builtFor}; this is Node ${runtime.node}: run \`npm run demo\` or \`npm test\`, which use the right one`;
}
