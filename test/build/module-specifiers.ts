import { parse } from 'acorn';
import { simple } from 'acorn-walk';

/** Every module a built file loads, read from its syntax tree rather than by pattern-matching text. */
export interface LoadedModules {
  specifiers: string[];
  /** `import(x)` or `require(x)` with something other than a string: a load no check can see. */
  computed: number;
}

export function loadedModules(code: string, sourceType: 'module' | 'script'): LoadedModules {
  const tree = parse(code, { ecmaVersion: 'latest', sourceType });
  const specifiers = new Set<string>();
  let computed = 0;
  const take = (source: unknown) => {
    if (typeof source === 'string') specifiers.add(source);
    else computed += 1;
  };
  simple(tree, {
    ImportDeclaration: (node) => take(node.source.value),
    ExportNamedDeclaration: (node) => {
      if (node.source) take(node.source.value);
    },
    ExportAllDeclaration: (node) => take(node.source.value),
    ImportExpression: (node) =>
      take(node.source.type === 'Literal' ? node.source.value : undefined),
    CallExpression: (node) => {
      if (node.callee.type !== 'Identifier' || node.callee.name !== 'require') return;
      const [argument] = node.arguments;
      take(argument?.type === 'Literal' ? argument.value : undefined);
    },
  });
  return { specifiers: [...specifiers].sort(), computed };
}

/** The package a bare specifier names: `zod/v4` → `zod`, `@scope/name/x` → `@scope/name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
