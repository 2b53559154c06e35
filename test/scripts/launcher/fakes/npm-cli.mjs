// Stands in for npm (the launcher starts npm through npm_execpath): records every call in
// $FAKE_LOG and does the least of what npm would, so the launcher's next step finds it done.
//   install --prefix DIR PACKAGE@VERSION: a "node" there that is this Node reporting VERSION,
//     with headers (or E404 when $FAKE_NPM_MISSING names the package);
//   ci: node_modules;  run build: out/;  run SCRIPT: exits $FAKE_FAIL_<SCRIPT> or 0.
// $FAKE_FAIL_<COMMAND> (install, ci, rebuild, build…) makes that call print two lines and fail.
import { appendFileSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
appendFileSync(process.env['FAKE_LOG'] ?? '/dev/null', `npm ${args.join(' ')}\n`);

const [command] = args;
const failing = process.env[`FAKE_FAIL_${command === 'run' ? args[1] : command}`];
if (failing) {
  process.stdout.write(`npm ${command} went wrong\n`);
  console.error(`npm error code E${failing}\n`);
  process.exit(Number(failing));
}
if (command === 'install') {
  const prefix = args[args.indexOf('--prefix') + 1] ?? '.';
  const [name = '', version = ''] = (args.at(-1) ?? '').split('@');
  if (process.env['FAKE_NPM_MISSING'] === name) {
    console.error(`npm error code E404\nnpm error 404 No match found for version ${version}`);
    process.exit(1);
  }
  const home = join(prefix, 'node_modules', name);
  mkdirSync(join(home, 'bin'), { recursive: true });
  mkdirSync(join(home, 'include', 'node'), { recursive: true });
  writeFileSync(join(home, 'include', 'node', 'node_api.h'), '');
  const preload = fileURLToPath(new URL('node-version.mjs', import.meta.url));
  const node = join(home, 'bin', 'node');
  writeFileSync(
    node,
    `#!/bin/sh\nFAKE_NODE_VERSION=${version} exec "${process.execPath}" --import "${preload}" "$@"\n`,
  );
  chmodSync(node, 0o755);
} else if (command === 'ci') {
  mkdirSync('node_modules', { recursive: true });
} else if (command === 'run' && args[1] === 'build') {
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '');
  }
}
