import nodeLog from 'electron-log/node';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../../src/main/api/redact';
import { configureLog, type LogConfiguration } from '../../../src/main/logging/configure-log';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { buildSession } from '../session/session-fixture';
import { InMemoryAccountRegistry } from '../session/in-memory-account-registry';
import { useTempDir } from '../store/temp-store-dir';

/**
 * The real electron-log (its Node entry: electron-log/main is the same logger core with
 * Electron's paths) configured as the app configures it, writing real files in a temp dir.
 */

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vIiwiZXhwIjoxOTAwMDAwMDAwfQ.c2lnbmF0dXJlLWJ5dGVz';
const OPAQUE_TOKEN = 'pt_live_7Gx2QmV9rT4kLw8ZsY1nB6cD3fH5jK0p';
const PROXY_PASSWORD = 'Zq8-proxy-pass';
const SECRETS = [JWT, OPAQUE_TOKEN, PROXY_PASSWORD, 'hunter2', 'dXNlcjpzM2NyZXQ='];

const dir = useTempDir();
let loggers = 0;

function fileLog(config: Partial<LogConfiguration> = {}) {
  loggers += 1;
  return configureLog(nodeLog.create({ logId: `file-test-${loggers}` }), {
    directory: join(dir(), 'logs'),
    console: false,
    maskKnownSecrets: (text) => maskSecrets(text, [OPAQUE_TOKEN]),
    ...config,
  });
}

const logFile = (name = 'main.log') => join(dir(), 'logs', name);
const read = (name?: string) => readFile(logFile(name), 'utf8');

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('the log file (electron-log, configured as in the app)', () => {
  it('writes every line redacted: strings, objects and Errors with their stacks', async () => {
    const log = fileLog();
    log.info(`Signed in with ${JWT}`);
    log.warn('Request failed:', {
      url: `http://alice:${PROXY_PASSWORD}@203.0.113.7:8080/`,
      headers: { Authorization: 'Basic dXNlcjpzM2NyZXQ=' },
      form: { username: 'alice', password: 'hunter2' },
    });
    log.error(
      'A listener failed:',
      new Error(`Authorization: Bearer ${OPAQUE_TOKEN} refused`, {
        cause: new Error(`203.0.113.7:8080:alice:${PROXY_PASSWORD}`),
      }),
    );

    const text = await read();
    expectNoSecret(text);
    expect(text).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[info\]\s+Signed in with \[redacted\]$/m,
    );
    expect(text).toMatch(/\[warn\]\s+Request failed:/);
    expect(text).toContain('http://alice:[redacted]@203.0.113.7:8080/');
    expect(text).toMatch(/Authorization.*\[redacted\]/);
    expect(text).toMatch(/password.*\[redacted\]/);
    expect(text).toContain(
      '[error] A listener failed: Error: Authorization: Bearer [redacted] refused',
    );
    // The stack is what support needs: it stays, frames and all.
    expect(text).toMatch(/\n\s+at .*electron-log-file\.test\.ts/);
    expect(text).toContain('Caused by: Error: 203.0.113.7:8080:alice:[redacted]');
  });

  it('masks the opaque token the session holds, which has no shape to recognise', async () => {
    const registry = new InMemoryAccountRegistry();
    registry.accounts = [
      {
        id: 'acc-1',
        serviceUrl: 'https://api.example.com',
        userUuid: null,
        username: 'demo',
        displayName: 'Demo',
      },
    ];
    registry.active = 'acc-1';
    const vault = new MemoryVault();
    await vault.set('acc-1', OPAQUE_TOKEN);
    const { session } = buildSession({ vault, registry });
    const log = fileLog({ maskKnownSecrets: (text) => session.maskTokens(text) });

    expect((await session.restore()).state).toBe('active');
    log.error(`The service echoed ${OPAQUE_TOKEN}`);
    const text = await read();
    expect(text).toContain('The service echoed [redacted]');
    expect(text).not.toContain(OPAQUE_TOKEN);
  });

  it('logs uncaught errors through the same redaction', async () => {
    const log = fileLog();
    // What log.errorHandler.startCatching() calls on 'uncaughtException' (without the dialog).
    log.errorHandler.handle(new Error(`boom with ${JWT}`), { showDialog: false });
    const text = await read();
    expect(text).toContain('[error] Error: boom with [redacted]');
    expectNoSecret(text);
  });

  it('rotates by size into one archive, main.old.log, neither holding a secret', async () => {
    const maxSizeBytes = 4096;
    const log = fileLog({ maxSizeBytes });
    const text = `request with Bearer ${OPAQUE_TOKEN} and password=hunter2 `.padEnd(150, '.');
    for (let index = 0; index < 100; index += 1) log.info(index, text);

    expect((await readdir(join(dir(), 'logs'))).sort()).toEqual(['main.log', 'main.old.log']);
    const current = await stat(logFile());
    const archive = await stat(logFile('main.old.log'));
    // electron-log rotates when a write finds the file over the limit, give or take a line.
    const line = 250;
    expect(archive.size).toBeGreaterThan(maxSizeBytes - line);
    expect(archive.size).toBeLessThan(maxSizeBytes + line);
    expect(current.size).toBeLessThan(maxSizeBytes + line);
    // 20 KB written, 2 files kept: older archives were replaced, not piled up.
    expect(current.size + archive.size).toBeLessThan(2 * (maxSizeBytes + line));
    const latest = await read();
    expect(latest).toMatch(
      /\[info\]\s+99 request with Bearer \[redacted\] and password=\[redacted\]/,
    );
    expectNoSecret(latest);
    expectNoSecret(await read('main.old.log'));
  });

  it.skipIf(process.platform === 'win32')('is readable by the user only', async () => {
    fileLog().info('hello');
    expect((await stat(logFile())).mode & 0o777).toBe(0o600);
  });

  it('prints to the console only when asked, and sends lines nowhere else', () => {
    const quiet = fileLog();
    expect(quiet.transports.console.level).toBe(false);
    expect(quiet.transports.remote.level).toBe(false);
    expect(quiet.transports.file.level).toBe('info');
    expect(fileLog({ console: true }).transports.console.level).toBe('info');
  });
});
