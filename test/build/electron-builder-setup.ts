import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { getFileMatchers } from 'app-builder-lib/out/fileMatcher';
import type { Configuration } from 'app-builder-lib';
import { getCollectorByPackageManager, PM } from 'app-builder-lib/out/node-module-collector';
import type { NodeModuleInfo } from 'app-builder-lib/out/node-module-collector/types';
import { DebugLogger, TmpDir } from 'builder-util';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** electron-builder's own loading and checking of a config file, as `electron-builder` runs them. */

export const PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The project's package.json, the fields the packaging tests read. */
export const packageJson = JSON.parse(readFileSync(join(PROJECT_DIR, 'package.json'), 'utf8')) as {
  name: string;
  productName: string;
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Loads a config file the way the CLI does (`extends` followed), then runs the schema check. */
export async function loadCheckedConfig(file: string): Promise<Configuration> {
  const config = await getConfig(PROJECT_DIR, join(PROJECT_DIR, file), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

/**
 * Whether electron-builder's matcher for `name` (files, asarUnpack…) takes a project file: the same
 * FileMatcher and minimatch options its packager uses for that list.
 */
export function matchedBy(
  config: Configuration,
  name: 'files' | 'asarUnpack',
): (relativePath: string) => boolean {
  const matchers = getFileMatchers(config, name, '/packed-app', {
    macroExpander: (pattern) => pattern,
    customBuildOptions: {},
    globalOutDir: join(PROJECT_DIR, 'dist'),
    defaultSrc: PROJECT_DIR,
  });
  const filter = matchers?.[0]?.createFilter();
  if (!filter) throw new Error(`electron-builder.yml has no ${name} patterns.`);
  return (relativePath) => {
    const path = join(PROJECT_DIR, relativePath);
    return filter(path, statSync(path));
  };
}

export interface PackedModule {
  name: string;
  dir: string;
}

/**
 * The node_modules electron-builder packs into the app: its own collector (the `npm ls` walk it runs
 * before packing), so the answer is the packager's, not our reading of package.json.
 */
export async function packedModules(): Promise<PackedModule[]> {
  const tmp = new TmpDir('proxy-tray-packed-modules');
  try {
    const collector = getCollectorByPackageManager(PM.NPM, PROJECT_DIR, tmp);
    const { nodeModules } = await collector.getNodeModules({ packageName: packageJson.name });
    const flat: PackedModule[] = [];
    const walk = (modules: readonly NodeModuleInfo[]) => {
      for (const module of modules) {
        flat.push({ name: module.name, dir: module.dir });
        walk(module.dependencies ?? []);
      }
    };
    walk(nodeModules);
    return flat;
  } finally {
    await tmp.cleanup();
  }
}
