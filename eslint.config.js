import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ─── Import rules ────────────────────────────────────────────────────────────────────────────────
// Which folder may import which, enforced here instead of remembered; each rule is proven by a
// planted violation in test/lint/import-rules.test.ts. ESLint applies only the LAST
// `no-restricted-imports` options that match a file: a block for a narrower set of files must
// spread the patterns of every wider block it overlaps, or it silently switches them off there.
// The patterns match a relative path through a folder named `test` or `tools`: no folder under
// src/, scripts/ or tools/ carries either name, so such a path leaves for the top-level one.

/** Tests are neither shipped nor run by a command: nothing outside test/ may need them. */
const NO_IMPORTS_FROM_TEST = {
  regex: '^\\.{1,2}/(?:.*/)?test(?:/|$)',
  message:
    'Nothing outside test/ imports from test/: move what both need to tools/ (or src/ if the app needs it).',
};

/** The tools (reference service, preview, local servers) are never shipped: the app can't need them. */
const NO_IMPORTS_FROM_TOOLS = {
  regex: '^\\.{1,2}/(?:.*/)?tools(?:/|$)',
  message: 'src/ never imports from tools/: the tools are for the demo and the tests, not the app.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'dist-smoke/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Service strings must never become markup.
      'svelte/no-at-html-tags': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    // Command-line entry points talk to the person who started them.
    files: [
      'scripts/**',
      'tools/reference-service/cli.ts',
      'tools/preview/cli.ts',
      'test/bench/**',
    ],
    rules: { 'no-console': 'off' },
  },

  // ─── Import rule: the app stays off the tests and the tools ───
  {
    name: 'import-rules/src-off-test-and-tools',
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_IMPORTS_FROM_TEST, NO_IMPORTS_FROM_TOOLS] },
      ],
    },
  },

  // ─── Import rule: commands and tools stay off the tests ───
  {
    name: 'import-rules/scripts-and-tools-off-test',
    files: ['scripts/**', 'tools/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_IMPORTS_FROM_TEST] }] },
  },
);
