import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageJson, PROJECT_DIR } from './electron-builder-setup';
import { loadedModules, packageNameOf } from './module-specifiers';

/**
 * What `npm run build` (electron-vite) writes to out/, read as the packaged app will load it: the
 * main process and preload may only load modules that electron-builder packs (`dependencies`), the
 * preload must be CommonJS for the sandboxed popup, and the popup page carries its CSP.
 */

const OUT_DIR = join(PROJECT_DIR, 'out');
const MAIN_FILE = join(OUT_DIR, 'main', 'index.js');
const PRELOAD_FILE = join(OUT_DIR, 'preload', 'index.cjs');
const RENDERER_INDEX = join(OUT_DIR, 'renderer', 'index.html');

function built(file: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first.`);
  return readFileSync(file, 'utf8');
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier);

/** Electron provides it at run time; it is a development dependency (types and launcher) only. */
const PROVIDED_BY_ELECTRON = 'electron';

/** Where Node resolves each bare specifier from out/main, as the packaged main process would. */
function resolveFromMain(specifiers: string[]): Record<string, string> {
  const script = `const found = {};
for (const specifier of ${JSON.stringify(specifiers)}) {
  try { found[specifier] = import.meta.resolve(specifier); } catch (error) { found[specifier] = 'ERROR ' + error.message; }
}
process.stdout.write(JSON.stringify(found));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(OUT_DIR, 'main'),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, string>;
}

describe('the built app (out/)', () => {
  it('is what package.json names as the main entry', () => {
    expect(join(PROJECT_DIR, packageJson.main)).toBe(MAIN_FILE);
    built(MAIN_FILE);
  });

  describe('main process', () => {
    const loads = loadedModules(built(MAIN_FILE), 'module');
    const external = loads.specifiers.filter(
      (specifier) => !isBuiltin(specifier) && specifier !== PROVIDED_BY_ELECTRON,
    );

    it('loads every module by a name the build could see', () => {
      expect(loads.computed).toBe(0);
      // keytar (native), the service client and electron-store stay outside the bundle.
      expect(external).toEqual(expect.arrayContaining(['keytar', 'axios', 'electron-store']));
    });

    it('loads only production dependencies, which electron-builder packs', () => {
      const missing = external
        .map(packageNameOf)
        .filter((name) => !(name in packageJson.dependencies));
      expect(missing, 'move these to "dependencies" in package.json').toEqual([]);
    });

    it('finds each of them from out/main, where the packaged app runs', () => {
      const resolved = resolveFromMain(external);
      for (const specifier of external) {
        expect(resolved[specifier], specifier).toMatch(/^file:\/\/.*\/node_modules\//);
      }
    });

    it('bundles no development tool', () => {
      for (const specifier of loads.specifiers) {
        expect(specifier).not.toMatch(
          /^(vite|vitest|svelte|electron-vite|electron-builder|conf)\b/,
        );
      }
    });

    it('points at the preload and popup files that the build wrote', () => {
      const main = built(MAIN_FILE);
      expect(main).toContain('"../preload/index.cjs"');
      expect(existsSync(PRELOAD_FILE)).toBe(true);
      expect(main).toContain('"../renderer"');
      expect(existsSync(RENDERER_INDEX)).toBe(true);
    });
  });

  describe('preload', () => {
    const code = built(PRELOAD_FILE);

    it('is CommonJS: it parses as a script, where an import or export statement would not', () => {
      expect(() => loadedModules(code, 'script')).not.toThrow();
      expect(() => loadedModules('import "x";', 'script')).toThrow();
    });

    it("requires only Electron: a sandboxed preload's require knows nothing else", () => {
      const loads = loadedModules(code, 'script');
      expect(loads).toEqual({ specifiers: ['electron'], computed: 0 });
    });
  });

  describe('popup page', () => {
    const html = built(RENDERER_INDEX);
    const csp = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    const directives = new Map(
      (csp ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name = '', ...values]) => [name, values]),
    );

    it('carries a Content-Security-Policy', () => {
      expect(csp).toBeDefined();
    });

    it('allows nothing by default, scripts and styles from the app only, and no network', () => {
      expect(directives.get('default-src')).toEqual(["'none'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('style-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('form-action')).toEqual(["'none'"]);
      expect(csp).not.toMatch(/unsafe-(inline|eval)|https?:|\*/);
    });

    it('loads its script and styles from files the build wrote, with nothing inline', () => {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        expect(body.trim()).toBe('');
        const source = /src="\.\/([^"]+)"/.exec(attributes)?.[1];
        expect(source && existsSync(join(OUT_DIR, 'renderer', source)), attributes).toBe(true);
      }
      expect(html).not.toMatch(/<style\b|\son[a-z]+=/i);
    });
  });
});
