import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * `proxy-tray`, the command line: one bundled ES module for Node (`out/cli/proxy-tray.mjs`), with
 * its dependencies inside, so it starts without tsx or a resolution of node_modules at run time.
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
        entryFileNames: 'proxy-tray.mjs',
        banner: '#!/usr/bin/env node',
        // One file: an installed build ships it as it is.
        inlineDynamicImports: true,
      },
    },
  },
  ssr: { noExternal: true, external: ['keytar'], target: 'node' },
});
