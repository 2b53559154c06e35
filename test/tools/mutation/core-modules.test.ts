import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_MODULES } from '../../../tools/mutation/core-modules';

describe('the core modules a mutation run measures', () => {
  it('name files that exist: every source and test pattern matches some', () => {
    for (const module of CORE_MODULES) {
      for (const pattern of [...module.mutate, ...module.tests]) {
        expect(globSync(pattern), `${module.name}: ${pattern}`).not.toEqual([]);
      }
    }
  });

  it('mutate no test and no Electron file, and test with test files only', () => {
    for (const module of CORE_MODULES) {
      const sources = module.mutate.flatMap((pattern) => globSync(pattern));
      expect(sources.every((file) => file.startsWith('src/'))).toBe(true);
      expect(sources.some((file) => file.includes('/shell/'))).toBe(false);
      const tests = module.tests.flatMap((pattern) => globSync(pattern));
      expect(tests.every((file) => file.endsWith('.test.ts'))).toBe(true);
    }
  });

  it('each have a name of their own, as the command line takes them', () => {
    const names = CORE_MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => /^[a-z-]+$/.test(name))).toBe(true);
  });
});
