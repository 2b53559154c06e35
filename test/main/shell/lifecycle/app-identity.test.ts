import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ID, applyAppIdentity } from '../../../../src/main/shell/lifecycle/app-identity';

/** Records what the glue asks of Electron's `app` (a stand-in for what Electron owns). */
function recordingApp() {
  const ids: string[] = [];
  return { app: { setAppUserModelId: (id: string) => void ids.push(id) }, ids };
}

describe('the app identity Windows toasts carry', () => {
  it('is set to the installer shortcut’s id on Windows, and left alone elsewhere', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const { app, ids } = recordingApp();
      applyAppIdentity(app, platform);
      expect(ids).toEqual(platform === 'win32' ? [APP_ID] : []);
    }
  });

  it('is applied by the lifecycle first thing, before any window or notification exists', async () => {
    const source = await readFile(
      resolve(import.meta.dirname, '../../../../src/main/shell/lifecycle/app-lifecycle.ts'),
      'utf8',
    );
    const setUp = source.slice(source.indexOf('export function setUpLifecycle'));
    const lines = setUp.split('\n').map((line) => line.trim());
    // The single-instance check, then the identity, before anything else is registered (only
    // the development data folder, which the lock lives in, comes before them).
    const lock = lines.indexOf('if (!app.requestSingleInstanceLock()) return { ok: false };');
    expect(lock).toBeGreaterThan(0);
    expect(lines.slice(1, lock).join('\n')).not.toMatch(/app\.on\(|new |Notification|Window/);
    expect(lines[lock + 1]).toBe('applyAppIdentity(app, process.platform);');
  });
});
