#!/usr/bin/env node
// `proxy-tray` from the repository (`npx proxy-tray`, `npm link`): checks the Node.js it runs on,
// keeps the compiled bundle in a cache of the user's own, then runs the bundle built by
// `npm run build` (vite.cli.config.ts).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `proxy-tray: this needs Node.js 22.12 or later, and this is ${process.versions.node}. Install a newer Node.js, or run it through \`npm run demo\`, which brings its own.\n`,
  );
  process.exit(1);
}
const bundle = fileURLToPath(new URL('../out/cli/proxy-tray.cjs', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write(
    'proxy-tray: it is not built yet: run `npm run build` in the repository first.\n',
  );
  process.exit(1);
}
// Imported after the version check: an older Node.js must get the sentence above, not a SyntaxError.
const { enableCompileCacheIn } = await import('./compile-cache.mjs');
enableCompileCacheIn(process.platform, process.env);
createRequire(import.meta.url)(bundle);
