import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, proven by planting imports at real paths of the
// repository and linting them as `npm run lint` would. Each area is planted in several of its
// folders: a later config block for one of them that forgot to repeat these patterns would
// switch the rule off there, and this test would say where.

const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The rule's messages name the folder that may not be imported from. */
const FROM_TEST = /imports from test\//;
const FROM_TOOLS = /imports from tools\//;

/** Every way a module can name another: the rule must catch each of them. */
type ImportForm = 'value' | 'type' | 're-export' | 'side-effect';

/** A file at `path` (that need not exist) importing `specifier`. */
interface Plant {
  path: string;
  specifier: string;
  form?: ImportForm;
}

function plantedCode({ path, specifier, form = 'value' }: Plant): string {
  const statement = {
    value: `import { planted } from '${specifier}';`,
    type: `import type { Planted } from '${specifier}';`,
    're-export': `export { planted } from '${specifier}';`,
    'side-effect': `import '${specifier}';`,
  }[form];
  return path.endsWith('.svelte')
    ? `<script lang="ts">\n  ${statement}\n</script>\n`
    : `${statement}\n`;
}

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: PROJECT_DIR });
});

/** What the import rule says of the planted file (other rules' messages left out). */
async function importRuleMessages(plant: Plant): Promise<string[]> {
  const [result] = await eslint.lintText(plantedCode(plant), {
    filePath: join(PROJECT_DIR, plant.path),
  });
  if (!result) throw new Error(`ESLint returned no result for ${plant.path}`);
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const IMPORTS_FROM_TEST: Plant[] = [
  { path: 'src/main/plans/planted.ts', specifier: '../../../test/support/parse-csv' },
  { path: 'src/main/shell/planted.ts', specifier: '../../../test/lint/plant', form: 'type' },
  { path: 'src/main/planted.ts', specifier: '../../test/support/parse-csv', form: 're-export' },
  {
    path: 'src/preload/planted.ts',
    specifier: '../../test/support/parse-csv',
    form: 'side-effect',
  },
  { path: 'src/shared/ipc/planted.ts', specifier: '../../../test/support/parse-csv' },
  { path: 'src/renderer/src/lib/planted.ts', specifier: '../../../../test/support/parse-csv' },
  {
    path: 'src/renderer/src/components/Planted.svelte',
    specifier: '../../../../test/support/parse-csv',
  },
  { path: 'scripts/planted.ts', specifier: '../test/support/parse-csv' },
  { path: 'scripts/launcher/planted.mjs', specifier: '../../test/support/parse-csv' },
  { path: 'tools/preview/planted.ts', specifier: '../../test/support/parse-csv' },
  {
    path: 'tools/reference-service/planted.ts',
    specifier: '../../test/tools/reference-service/use-api-server',
  },
];

const IMPORTS_FROM_TOOLS: Plant[] = [
  { path: 'src/main/plans/planted.ts', specifier: '../../../tools/reference-service/server' },
  {
    path: 'src/main/shell/planted.ts',
    specifier: '../../../tools/preview/harness-server',
    form: 'type',
  },
  {
    path: 'src/main/planted.ts',
    specifier: '../../tools/local-network/echo-server',
    form: 're-export',
  },
  {
    path: 'src/preload/planted.ts',
    specifier: '../../tools/preview/harness-bridge',
    form: 'side-effect',
  },
  { path: 'src/shared/planted.ts', specifier: '../../tools/shared/run-secret' },
  {
    path: 'src/renderer/src/state/planted.svelte.ts',
    specifier: '../../../../tools/stand-ins/memory-clipboard',
  },
  {
    path: 'src/renderer/src/components/Planted.svelte',
    specifier: '../../../../tools/preview/popup-page',
  },
];

/** Imports the rules leave alone: what each area is meant to use. */
const ALLOWED: Plant[] = [
  { path: 'src/main/plans/planted.ts', specifier: '../labels/label-store' },
  { path: 'scripts/planted.ts', specifier: '../tools/reference-service/server' },
  { path: 'scripts/planted.ts', specifier: '../src/main/store/private-files' },
  { path: 'tools/preview/planted.ts', specifier: '../reference-service/server' },
  { path: 'tools/preview/planted.ts', specifier: '../../src/main/store/private-files' },
  {
    path: 'test/main/plans/planted.test.ts',
    specifier: '../../../tools/local-network/echo-server',
  },
  { path: 'test/main/plans/planted.test.ts', specifier: '../../support/parse-csv' },
  {
    path: 'test/tools/preview/planted.test.ts',
    specifier: '../../../tools/preview/harness-server',
  },
];

describe('import rules', () => {
  it.each(IMPORTS_FROM_TEST)(
    'an import from test/ in $path fails the lint ($specifier)',
    async (plant) => {
      const messages = await importRuleMessages(plant);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(FROM_TEST);
    },
  );

  it.each(IMPORTS_FROM_TOOLS)(
    'an import from tools/ in $path fails the lint ($specifier)',
    async (plant) => {
      const messages = await importRuleMessages(plant);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(FROM_TOOLS);
    },
  );

  it.each(ALLOWED)('$path may import $specifier', async (plant) => {
    expect(await importRuleMessages(plant)).toEqual([]);
  });
});
