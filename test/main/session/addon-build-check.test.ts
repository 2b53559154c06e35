import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { INSTALL_RECORD, addonBuildMismatch } from '../../../src/main/session/addon-build-check';
import { PROJECT_ROOT } from '../../electron/support/smoke-app';

// keytar built against another Node's headers crashes the process as it loads (a segmentation
// fault, no message): the record of what node_modules was installed for is read first.

const run = promisify(execFile);

const scratches: string[] = [];
afterEach(() => {
  for (const folder of scratches.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A node_modules with keytar's package.json and, when given, an install record. */
function nodeModules(record?: string): () => string {
  const scratch = mkdtempSync(join(tmpdir(), 'addon-check-'));
  scratches.push(scratch);
  const folder = join(scratch, 'node_modules');
  mkdirSync(join(folder, 'keytar'), { recursive: true });
  writeFileSync(join(folder, 'keytar', 'package.json'), '{}');
  if (record !== undefined) writeFileSync(join(folder, INSTALL_RECORD), record);
  return () => join(folder, 'keytar', 'package.json');
}

describe('a native addon built for another Node.js', () => {
  it('is refused with what to run instead', () => {
    expect(
      addonBuildMismatch('keytar', { node: '20.20.2' }, nodeModules('{"node":"22.23.3"}')),
    ).toBe(
      'keytar was built for Node 22.23.3; this is Node 20.20.2: run `npm run demo` or `npm test`, which use the right one',
    );
  });

  it('is loaded where the record names this Node, in Electron, or where nothing can be compared', () => {
    const record = nodeModules('{"node":"22.23.3"}');
    expect(addonBuildMismatch('keytar', { node: '22.23.3' }, record)).toBeUndefined();
    expect(
      addonBuildMismatch('keytar', { node: '20.20.2', electron: '45.4.1' }, record),
    ).toBeUndefined();
    expect(addonBuildMismatch('keytar', { node: '20.20.2' }, nodeModules())).toBeUndefined();
    expect(
      addonBuildMismatch('keytar', { node: '20.20.2' }, nodeModules('not json')),
    ).toBeUndefined();
    expect(
      addonBuildMismatch('keytar', { node: '20.20.2' }, nodeModules('{"node":22}')),
    ).toBeUndefined();
    expect(
      addonBuildMismatch('keytar', { node: '20.20.2' }, () => {
        throw new Error('Cannot find module keytar');
      }),
    ).toBeUndefined();
  });

  it("reads this checkout's own install record by default", () => {
    // npm's install script wrote it for the Node.js that runs the tests.
    expect(addonBuildMismatch('keytar', { node: '0.0.1' })).toBe(
      `keytar was built for Node ${process.versions.node}; this is Node 0.0.1: run \`npm run demo\` or \`npm test\`, which use the right one`,
    );
    expect(addonBuildMismatch('keytar', { node: process.versions.node })).toBeUndefined();
  });

  it("stops the real vault before keytar loads, on this checkout's node_modules, in a process that reports another Node", async () => {
    const preload = fileURLToPath(
      new URL('../../scripts/launcher/fakes/node-version.mjs', import.meta.url),
    );
    const probe = fileURLToPath(new URL('keychain-probe.ts', import.meta.url));
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--import', preload, probe, 'proxy-tray-test-other-node'],
      { cwd: PROJECT_ROOT, env: { ...process.env, FAKE_NODE_VERSION: '20.0.0' } },
    );
    const line = stdout
      .split('\n')
      .find((candidate) => candidate.startsWith('KEYCHAIN-PROBE-RESULT '));
    expect(JSON.parse(line?.slice('KEYCHAIN-PROBE-RESULT '.length) ?? 'null')).toEqual({
      ok: false,
      name: 'VaultError',
      kind: 'unavailable',
      message: `keytar was built for Node ${process.versions.node}; this is Node 20.0.0: run \`npm run demo\` or \`npm test\`, which use the right one.`,
      detail: `keytar was built for Node ${process.versions.node}; this is Node 20.0.0: run \`npm run demo\` or \`npm test\`, which use the right one`,
    });
  });
});
