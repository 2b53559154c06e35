import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs; each case plants files in a
// folder of the repository and runs the same command on it, as the lint step does on src/.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const planted = path.join(root, 'test-results', 'planted-circles');

afterEach(() => fs.rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  fs.rmSync(planted, { recursive: true, force: true });
  for (const [name, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(planted, name)), { recursive: true });
    fs.writeFileSync(path.join(planted, name), code);
  }
}

async function cruise(): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout } = await run(depcruise, [planted, '--config', '.dependency-cruiser.cjs'], {
      cwd: root,
    });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout = '' } = error as { stdout?: string };
    return { failed: true, output: stdout };
  }
}

describe('the import circle rule', () => {
  it('fails on two files that import each other', async () => {
    plant({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    const { failed, output } = await cruise();
    expect(failed).toBe(true);
    expect(output).toContain('no-circular');
  });

  it('fails on a circle of type imports round three files in two folders', async () => {
    plant({
      'one/a.ts': "import type { B } from '../two/b';\nexport interface A { b: B }\n",
      'two/b.ts': "import type { C } from './c';\nexport interface B { c: C }\n",
      'two/c.ts': "import type { A } from '../one/a';\nexport interface C { a: A }\n",
    });
    const { failed, output } = await cruise();
    expect(failed).toBe(true);
    expect(output).toContain('no-circular');
  });

  it('passes files that build on one another in one direction', async () => {
    plant({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './c';\nexport const b = () => c;\n",
      'c.ts': 'export const c = 1;\n',
    });
    expect(await cruise()).toMatchObject({ failed: false });
  });
}, 60_000);
