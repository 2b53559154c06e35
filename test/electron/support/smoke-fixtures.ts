import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, test as base, type ElectronApplication, type Page } from '@playwright/test';
import {
  SMOKE_PROBE_ENV,
  SMOKE_PROBE_KEY,
  type SmokeProbe,
} from '../../../src/main/shell/lifecycle/smoke-probe';
import { createApiServer, type ApiServer } from '../../../tools/reference-service/server';
import { deleteAppKeychainEntry } from './app-keychain';
import { requireSmokeApp } from './smoke-app';

/**
 * Chromium switches for the launched app. The popup is a tray window that the OS may cover or
 * that may lose focus on a CI desktop; Playwright waits for animation frames before it clicks,
 * so the page must keep rendering.
 */
const KEEP_RENDERING = [
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
];

/** The smoke build, running under Playwright, with what the tests ask of it. */
export interface SmokeApp {
  electronApp: ElectronApplication;
  /** The popup's page (the app's only window). */
  popup: Page;
  /** The main process's probe (src/main/shell/lifecycle/smoke-probe.ts): what Playwright cannot see. */
  trayCreated(): Promise<boolean>;
  popupVisible(): Promise<boolean>;
  clickTray(): Promise<void>;
  /** Clicks the newest desktop notification still shown; false when none is. */
  clickNewestNotification(): Promise<boolean>;
  /** The clipboard's text as the app's own Electron reads it. */
  clipboardText(): Promise<string>;
}

interface Fixtures {
  /** The reference service on 127.0.0.1, with its default accounts. */
  api: ApiServer;
  /** The app's user-data dir (settings, labels): a fresh one per test. */
  userDataDir: string;
  /** Keychain accounts the test's app may have written; removed after the test. */
  keychainAccounts: Set<string>;
  /** Launches the smoke build; it is closed after the test if it still runs. */
  launchApp: () => Promise<SmokeApp>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  api: async ({}, use) => {
    const api = await createApiServer();
    await use(api);
    await api.close();
  },

  // eslint-disable-next-line no-empty-pattern -- as above.
  userDataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'proxy-tray-smoke-'));
    await use(dir);
    // Windows may hold the app's files for a moment after it exits.
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  },

  // eslint-disable-next-line no-empty-pattern -- as above.
  keychainAccounts: async ({}, use) => {
    const accounts = new Set<string>();
    await use(accounts);
    for (const account of accounts) {
      try {
        await deleteAppKeychainEntry(account);
      } catch (error) {
        // macOS may want a person to allow the test process to touch the app's item; a CI runner
        // is thrown away anyway, so there it is worth a warning, not a failed run.
        if (process.platform !== 'darwin') throw error;
        console.warn(`Could not remove the keychain entry of ${account}: ${String(error)}`);
      }
    }
  },

  launchApp: async ({ userDataDir }, use, testInfo) => {
    const launched: { app: ElectronApplication; output: string[] }[] = [];
    await use(async () => {
      const electronApp = await _electron.launch({
        executablePath: requireSmokeApp(),
        // --user-data-dir moves app.getPath('userData'), so electron-store's files and the
        // single-instance lock are this test's alone.
        args: [`--user-data-dir=${userDataDir}`, ...KEEP_RENDERING],
        env: { ...definedEnv(process.env), [SMOKE_PROBE_ENV]: '1' },
        timeout: 60_000,
      });
      const output: string[] = [];
      electronApp.process().stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      electronApp.process().stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      launched.push({ app: electronApp, output });
      await electronApp.context().tracing.start({ screenshots: true, snapshots: true });
      return smokeAppOf(electronApp, await electronApp.firstWindow());
    });

    const failed = testInfo.status !== testInfo.expectedStatus;
    for (const [index, { app, output }] of launched.entries()) {
      const running = app.process().exitCode === null && app.process().signalCode === null;
      if (running) {
        await app
          .context()
          .tracing.stop(failed ? { path: testInfo.outputPath(`trace-${index}.zip`) } : {});
        await app.close();
      }
      // The app logs no secrets (its rule), so its output is safe to keep for a failed run.
      if (failed) await testInfo.attach(`app-output-${index}.log`, { body: output.join('') });
    }
  },
});

function smokeAppOf(electronApp: ElectronApplication, popup: Page): SmokeApp {
  const askProbe = (method: keyof SmokeProbe) =>
    // Runs in the app's main process, where the probe waits under its global name.
    electronApp.evaluate(
      (_electron, { key, method }) => {
        const probe = (globalThis as unknown as Record<string, SmokeProbe | undefined>)[key];
        return probe ? { installed: true, value: probe[method]() ?? null } : { installed: false };
      },
      { key: SMOKE_PROBE_KEY, method },
    );
  const answerOf = async (method: keyof SmokeProbe) => {
    const answer = await askProbe(method);
    if (!answer.installed) {
      throw new Error(`The smoke probe is not in the app: does ${SMOKE_PROBE_ENV}=1 reach it?`);
    }
    return answer.value;
  };
  return {
    electronApp,
    popup,
    // The probe appears once the tray is built: until then there is no tray either.
    trayCreated: async () => (await askProbe('trayCreated')).value === true,
    popupVisible: async () => (await answerOf('popupVisible')) === true,
    clickTray: async () => {
      await answerOf('clickTray');
    },
    clickNewestNotification: async () => (await answerOf('clickNewestNotification')) === true,
    clipboardText: () => electronApp.evaluate(({ clipboard }) => clipboard.readText()),
  };
}

/** process.env without its unset entries: Playwright's `env` takes strings only. */
function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export { expect } from '@playwright/test';
