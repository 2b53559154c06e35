import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_MODULES, type CoreModule } from '../../../tools/mutation/core-modules';

/** The files a module mutates: its patterns' files, less those a `!pattern` leaves out. */
function sourcesOf(module: CoreModule): string[] {
  const left = module.mutate.filter((p) => p.startsWith('!')).flatMap((p) => globSync(p.slice(1)));
  return module.mutate
    .filter((pattern) => !pattern.startsWith('!'))
    .flatMap((pattern) => globSync(pattern))
    .filter((file) => !left.includes(file));
}

describe('the core modules a mutation run measures', () => {
  it('name files that exist: every source and test pattern matches some', () => {
    for (const module of CORE_MODULES) {
      for (const pattern of [...module.mutate, ...module.tests]) {
        expect(globSync(pattern.replace(/^!/, '')), `${module.name}: ${pattern}`).not.toEqual([]);
      }
    }
  });

  it('mutate no test and no Electron file, and test with test files only', () => {
    for (const module of CORE_MODULES) {
      const sources = sourcesOf(module);
      expect(sources.every((file) => file.startsWith('src/'))).toBe(true);
      expect(sources.some((file) => file.includes('/shell/'))).toBe(false);
      const tests = module.tests.flatMap((pattern) => globSync(pattern));
      expect(tests.every((file) => file.endsWith('.test.ts'))).toBe(true);
    }
  });

  it('measure each source file once: a module that leaves a file out leaves it to another', () => {
    const measured = CORE_MODULES.flatMap(sourcesOf);
    expect(measured.filter((file, at) => measured.indexOf(file) !== at)).toEqual([]);
    expect(measured).toContain('src/main/local-ports/relay/http-heads.ts');
    expect(measured).toContain('src/main/local-ports/relay/http-relay.ts');
  });

  it('each have a name of their own, as the command line takes them', () => {
    const names = CORE_MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => /^[a-z-]+$/.test(name))).toBe(true);
  });
});
