import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { useApiServer } from '../reference-service/use-api-server';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';

// The audit's attack, as it was run: another Unix user of the computer drives the preview with
// curl, writing the preview's own Origin. That user needs creating, so the test runs where it may
// (as root, with useradd, runuser and curl) and says why it is skipped elsewhere.

// One per test process: the file runs once per project, at the same time.
const OTHER_USER = `ptray-audit-${process.pid}`;
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
/** Why no other user can play the attacker here, or undefined when one can. */
function whyNoOtherUser(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root, so no user can be created';
  const missing = ['useradd', 'userdel', 'runuser', 'curl'].find((tool) => !has(tool));
  return missing === undefined ? undefined : `${missing} is missing`;
}
const skipReason = whyNoOtherUser();

const api = useApiServer();
const rendererDir = fileURLToPath(new URL('../../../src/renderer', import.meta.url));
let harness: Harness;
let dataDir: string;
let createdUser = false;

beforeAll(async () => {
  if (skipReason !== undefined) return;
  if (spawnSync('id', ['-u', OTHER_USER]).status !== 0) {
    execFileSync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      OTHER_USER,
    ]);
    createdUser = true;
  }
  dataDir = await mkdtemp(join(tmpdir(), 'proxy-tray-second-user-'));
  harness = await startHarness({
    dataDir,
    vault: new MemoryVault(),
    rendererDir,
    signIn: { serviceUrl: api().baseUrl, token: api().tokenFor('demo') },
  });
  await harness.services.plans.refresh();
  harness.clipboard.text = 'a copied password';
});

afterAll(async () => {
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (createdUser) execFileSync('userdel', [OTHER_USER]);
});

/** curl run as the other user: the answer's status and body. */
async function curlAsOtherUser(path: string, headers: string[], body?: string) {
  const args = ['-s', '-m', '5', '-w', '\n%{http_code}', ...headers.flatMap((h) => ['-H', h])];
  if (body !== undefined) args.push('-X', 'POST', '--data-binary', body);
  // Not spawnSync: the harness answers from this very process.
  const { stdout } = await promisify(execFile)('runuser', [
    ...['-u', OTHER_USER, '--', 'curl', ...args],
    new URL(path, harness.origin).href,
  ]);
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

describe(`another user of the computer${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it.skipIf(skipReason !== undefined)(
    'gets 403 on every route it tries with the preview’s own Origin, and takes and changes nothing',
    async () => {
      const proxy = api()
        .store.account('demo')
        ?.plans.find((plan) => !plan.is_blocked)?.proxies[0];
      const proxyId = proxy?.id ?? 0;
      const origin = `Origin: ${harness.origin}`;
      const tries: [string, string?][] = [
        ['/'],
        ['/__harness/bridge.js'],
        ['/__harness/state'],
        ['/__events'],
        ['/__ipc/proxy:reveal-password', JSON.stringify({ input: { proxyId } })],
        ['/__ipc/credentials:copy', JSON.stringify({ input: { proxyId } })],
        ['/__ipc/settings:update', '{"input":{"browserPath":"/tmp/ptray-audit.sh"}}'],
        ['/__ipc/local-ports:open-browser', JSON.stringify({ input: { proxyId } })],
      ];
      for (const [path, body] of tries) {
        const answer = await curlAsOtherUser(
          path,
          [origin, 'Content-Type: application/json'],
          body,
        );
        expect(answer.status, path).toBe(403);
        expect(answer.body).not.toContain(proxy?.password ?? '?');
        expect(answer.body).not.toContain('a copied password');
      }
      expect(harness.clipboard.text).toBe('a copied password');
      expect(harness.services.settings.get().browserPath).toBeNull();
      expect(harness.services.localPorts.list()).toEqual([]);
    },
  );

  it.skipIf(skipReason !== undefined)(
    'is let in with the key’s cookie only: the 403s above are the key’s doing',
    async () => {
      const answer = await curlAsOtherUser('/__harness/state', [`Cookie: ${harness.cookie}`]);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('a copied password');
    },
  );
});
