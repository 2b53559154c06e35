import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
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

/**
 * The layer rules are ESLint's own no-restricted-imports under names of their own: ESLint keeps one
 * set of options per rule and file (a later block's replace an earlier one's), and every service
 * falls under both the Electron rule and the layer rule, so each needs a rule of its own to hold.
 */
const restrictedImports = builtinRules.get('no-restricted-imports');
const ELECTRON_ONLY =
  'Electron may be imported only in src/main/shell/, src/main/index.ts and src/preload/.';
/**
 * Layers rule 2's pattern (see its block), named because the local-ports block must repeat it:
 * ESLint keeps one set of a rule's options per file.
 */
const SERVICE_STAYS_DOWN = {
  regex: '^(\\./|(\\.\\./)+)(app|ipc|shell)(/|$)',
  caseSensitive: true,
  message: 'A service may not import app/, ipc/ or shell/: they call it, not the other way round.',
};

const layers = {
  rules: {
    'electron-only-in-shell': restrictedImports,
    'no-upward-imports': restrictedImports,
    'cli-is-a-client': restrictedImports,
  },
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
      'reports/',
      '.stryker-tmp/',
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
      'tools/mutation/run.ts',
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
  {
    // Layers, rule 1: Electron is imported only by the shell, the composition root and the
    // preload. Everything else runs in plain Node, where the tests prove it (Electron's binary
    // cannot run here).
    files: ['src/**'],
    ignores: ['src/main/shell/**', 'src/main/index.ts', 'src/preload/**'],
    plugins: { layers },
    rules: {
      'layers/electron-only-in-shell': [
        'error',
        {
          paths: [{ name: 'electron', message: ELECTRON_ONLY }],
          patterns: [{ regex: '^electron/', caseSensitive: true, message: ELECTRON_ONLY }],
        },
      ],
    },
  },
  {
    // Layers, rule 2: services (every folder of src/main but the clients' layers) import nothing
    // from the layers that call them: the use cases (app/), the IPC transport (ipc/) and the
    // Electron shell (shell/). Imports are relative, so the pattern is a climb of ../ (or ./ from
    // src/main itself) straight into one of those folders; `../../shared/ipc/` does not match.
    files: ['src/main/**'],
    ignores: [
      'src/main/app/**',
      'src/main/ipc/**',
      'src/main/shell/**',
      'src/main/index.ts',
      'src/main/main-services.ts',
    ],
    plugins: { layers },
    rules: {
      'layers/no-upward-imports': [
        'error',
        {
          patterns: [SERVICE_STAYS_DOWN],
        },
      ],
    },
  },
  {
    // Layers, rule 2 again for local-ports/, plus its own lines: a browser is opened through a
    // port (browser/ imports local-ports/), and a pool is a port's route (pool/ imports
    // local-ports/), never the other way round. ESLint keeps one set of a
    // rule's options per file, so this block repeats rule 2's pattern.
    files: ['src/main/local-ports/**'],
    plugins: { layers },
    rules: {
      'layers/no-upward-imports': [
        'error',
        {
          patterns: [
            SERVICE_STAYS_DOWN,
            {
              regex: '^(\\.\\./)+browser(/|$)',
              caseSensitive: true,
              message:
                'local-ports/ may not import browser/: a browser is opened through a port, not a port through a browser.',
            },
            {
              regex: '^(\\.\\./)+pool(/|$)',
              caseSensitive: true,
              message:
                'local-ports/ may not import pool/: a pool is a route its ports take (relay/route.ts), not a part of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers, rule 3: the shared contract and formats are pure: they import no process's code.
    files: ['src/shared/**'],
    plugins: { layers },
    rules: {
      'layers/no-upward-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(main|renderer|preload)(/|$)',
              caseSensitive: true,
              message:
                'src/shared may not import src/main, src/renderer or src/preload: they build on it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers, rule 5: the command line (src/cli) is a client, like the popup: nothing of the app
    // imports it. Its own rule, as these files have rule 2's or 3's options already.
    files: ['src/main/**', 'src/shared/**', 'src/renderer/**', 'src/preload/**'],
    plugins: { layers },
    rules: {
      'layers/cli-is-a-client': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+cli(/|$)',
              caseSensitive: true,
              message:
                'Nothing of the app imports src/cli: the command line is one of its clients.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers, rule 6: the command line builds the app's services in plain Node (main-services.ts)
    // or talks to the running app: it never imports the Electron shell or its composition root.
    files: ['src/cli/**'],
    plugins: { layers },
    rules: {
      'layers/no-upward-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+main/(shell/|index(\\.ts)?$)',
              caseSensitive: true,
              message:
                "src/cli may not import src/main/shell or src/main/index.ts: Electron's, which the command line runs without.",
            },
          ],
        },
      ],
    },
  },
  {
    // Layers, rule 4: the popup reaches the main process only through the bridge and the shared
    // contract. `main/` with its slash: the popup's own entry file is main.ts.
    files: ['src/renderer/**'],
    plugins: { layers },
    rules: {
      'layers/no-upward-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+main/',
              caseSensitive: true,
              message: 'The popup may not import src/main: it talks to it through the bridge.',
            },
          ],
        },
      ],
    },
  },
);
