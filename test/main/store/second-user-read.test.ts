import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openKeptPortsStore } from '../../../src/main/local-ports/kept-ports-store';
import { confIn, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();

/** The audit's second user: `nobody`, reached through setpriv, which only root may use. */
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];

function whyNoSecondUser(): string | undefined {
  if (process.platform === 'win32') return 'Windows: its profile ACLs, not modes, keep users out';
  if (process.getuid?.() !== 0) return 'not root: only root can become another user';
  if (spawnSync('setpriv', ['--version']).error) return 'setpriv is not installed';
  return undefined;
}
const noSecondUser = whyNoSecondUser();

/** Whether `nobody` succeeds at the command: a real second user, not a mode read back. */
function nobodyCan(command: string, target: string): boolean {
  return spawnSync('setpriv', [...NOBODY, command, target], { stdio: 'ignore' }).status === 0;
}
const nobodyReads = (file: string) => nobodyCan('cat', file);
const nobodyLists = (dir: string) => nobodyCan('ls', dir);

it.skipIf(noSecondUser !== undefined)(
  `another user cannot read the local ports' passwords${noSecondUser ? ` (skipped: ${noSecondUser})` : ''}`,
  () => {
    // A parent anyone may enter, as a home folder often is: only the data folder's mode counts.
    const parent = tempDir();
    fs.chmodSync(parent, 0o755);
    const dir = path.join(parent, 'data');
    openKeptPortsStore({ createStore: confIn(dir) }).keep('acct', {
      proxyId: 1,
      port: 40_001,
      protocol: 'http',
      localPassword: 'local-secret',
    });
    const file = path.join(dir, 'local-ports.json');

    // The check itself works: a file left as the audit found it is read.
    const control = path.join(parent, 'control.json');
    fs.writeFileSync(control, '{}', { mode: 0o644 });
    fs.chmodSync(control, 0o644);
    expect(nobodyReads(control), 'nobody could not read even a 0644 file').toBe(true);
    expect(nobodyLists(parent), 'nobody could not list even a 0755 folder').toBe(true);

    expect(nobodyLists(dir)).toBe(false);
    expect(nobodyReads(file)).toBe(false);
    // The file alone keeps it out too, should the folder be opened to others by hand.
    fs.chmodSync(dir, 0o755);
    expect(nobodyReads(file)).toBe(false);
  },
);
