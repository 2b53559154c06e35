import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * `proxy-tray`, the command line: one bundled file for Node (`out/cli/proxy-tray.cjs`), with its
 * dependencies inside, so it starts without tsx or a resolution of node_modules at run time.
 * CommonJS on purpose: its `require`s of Node's own modules run when the code needing them first
 * runs, where an ES module would load every one (http, tls, zlib…) before answering `--version`.
 * keytar stays outside: a native module, loaded from node_modules when a command first needs the
 * keychain (KeytarVault loads it lazily).
 */
export default defineConfig({
  build: {
    ssr: resolve('src/cli/main.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    minify: true,
    rollupOptions: {
      external: ['keytar'],
      output: {
        entryFileNames: 'proxy-tray.cjs',
        format: 'cjs',
        banner: '#!/usr/bin/env node',
        // One file: an installed build ships it as it is.
        codeSplitting: false,
      },
    },
  },
  ssr: { noExternal: true, external: ['keytar'], target: 'node' },
});
