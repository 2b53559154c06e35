// `proxy-tray` for an installed build: the command line's bundle (out/cli/proxy-tray.cjs) made a
// Node.js single executable (https://nodejs.org/api/single-executable-applications.html), so the
// command runs without a Node.js of the user's. electron-builder ships it in resources/bin/.
//
//   node scripts/cli-executable/build-cli-executable.mjs [--out DIR]
//
// Why not the app's own binary with ELECTRON_RUN_AS_NODE (how VS Code ships `code`): that needs
// the RunAsNode fuse, which the release turns off — with it on, any program could run the signed
// app as a plain Node.js with its own script, and on macOS read the app's keychain item without
// the keychain asking. This executable runs only its embedded bundle: NODE_OPTIONS is ignored
// (execArgvExtension: none). The price is its size: a Node.js of its own (about 40 MB
// compressed per installer).
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { inject } from 'postject';

/** The fuse postject flips in the Node.js binary, as the Node.js documentation names it. */
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the executable for this OS from the Node.js running this script into `outDir`; returns
 * its path.
 * @param {{ bundle?: string, outDir?: string, platform?: NodeJS.Platform }} [options]
 */
export async function buildCliExecutable(options = {}) {
  const platform = options.platform ?? process.platform;
  const bundle = resolve(options.bundle ?? join(REPO, 'out/cli/proxy-tray.cjs'));
  const outDir = resolve(options.outDir ?? join(REPO, 'out/cli-executable'));
  const executable = join(outDir, platform === 'win32' ? 'proxy-tray.exe' : 'proxy-tray');
  const work = mkdtempSync(join(tmpdir(), 'proxy-tray-sea-'));
  try {
    const blob = join(work, 'proxy-tray.blob');
    writeFileSync(
      join(work, 'sea-config.json'),
      JSON.stringify({
        main: bundle,
        output: blob,
        disableExperimentalSEAWarning: true,
        // V8's compiled bundle inside the executable: it starts as fast as a warm cache.
        useCodeCache: true,
        // Only the embedded bundle runs: NODE_OPTIONS (--require, --import) is ignored.
        execArgvExtension: 'none',
      }),
    );
    execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], {
      stdio: 'ignore',
    });
    mkdirSync(outDir, { recursive: true });
    copyFileSync(process.execPath, executable);
    chmodSync(executable, 0o755);
    // Node.js for macOS is signed: the signature goes before the change and a new one after.
    if (platform === 'darwin') execFileSync('codesign', ['--remove-signature', executable]);
    await inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), {
      sentinelFuse: SENTINEL_FUSE,
      ...(platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
    });
    if (platform === 'darwin') execFileSync('codesign', ['--sign', '-', executable]);
    return executable;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const executable = await buildCliExecutable(values.out ? { outDir: values.out } : {});
  console.log(executable);
}
