/**
 * Import circles, checked by `npm run lint` (dependency-cruiser): a circle ties files that should
 * build on one another into one lump, where a change anywhere reaches everything in it. The layer
 * rules (which folder may import which) are ESLint's, in eslint.config.js; this file holds only
 * what a per-file linter cannot see. Each rule is proven by a planted violation in
 * test/lint/import-circles.test.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files import each other (directly or round a loop): move what both need into a file of its own below them.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a circle of types is still two files that need each other.
    enhancedResolveOptions: {
      extensions: ['.ts', '.mjs', '.js', '.svelte'],
    },
  },
};
