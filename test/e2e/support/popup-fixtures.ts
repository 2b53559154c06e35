import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import type { ApiDialect } from '../../../tools/reference-service/dialect';
import {
  createApiServer,
  type AccountOptions,
  type ApiServer,
} from '../../../tools/reference-service/server';
import type { TokenVault } from '../../../src/main/session/token-vault';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';
import { e2eKeychain, type E2eKeychain } from './e2e-keychain';

export interface LaunchOptions {
  /** Sign in at start as this user of the reference service; omit to start signed out. */
  signInAs?: string;
  /** Another vault than this test's keychain entry, e.g. one that fails. */
  vault?: TokenVault;
  /** A token other than the user's current one (e.g. one that expires soon). */
  token?: string;
}

/** The popup under test: its page, the harness behind it, and the reference service. */
export interface Popup {
  page: Page;
  api: ApiServer;
  /** The harness now serving the page (a restart replaces it). */
  readonly harness: Harness;
  /** Quits the harness and starts a new one over the same data dir and keychain, then reloads. */
  restart(): Promise<Harness>;
  /** What `/__harness/show` does: the tray shows the popup (and asks it to focus the search). */
  show(panel?: 'plans' | 'settings'): Promise<void>;
}

export interface PopupOptions {
  /** Accounts of the reference service; its defaults (demo 6×8, other 2×3) when undefined. */
  apiAccounts: AccountOptions[] | undefined;
  /** How the reference service writes its answers; PROXY_TRAY_API_DIALECT or the spec's when undefined. */
  apiDialect: ApiDialect | undefined;
  /** Who the popup fixture signs in as at start; null starts signed out. */
  signInAs: string | null;
  /** Whether the harness plays an installed build (which checks for updates). */
  installedBuild: boolean;
  /** The system whose installer the harness plays (`darwin`: Settings links the command). */
  harnessPlatform: NodeJS.Platform | undefined;
}

interface Fixtures {
  api: ApiServer;
  dataDir: string;
  keychain: E2eKeychain;
  /** Starts a harness over this test's data dir and keychain; each is closed after the test. */
  launchHarness: (options?: LaunchOptions) => Promise<Harness>;
  popup: Popup;
}

export const test = base.extend<PopupOptions & Fixtures>({
  apiAccounts: [undefined, { option: true }],
  apiDialect: [undefined, { option: true }],
  signInAs: ['demo', { option: true }],
  installedBuild: [false, { option: true }],
  harnessPlatform: [undefined, { option: true }],

  api: async ({ apiAccounts, apiDialect }, use) => {
    const api = await createApiServer({
      ...(apiAccounts ? { accounts: apiAccounts } : {}),
      ...(apiDialect ? { dialect: apiDialect } : {}),
    });
    await use(api);
    // A test may have closed it already to play a service that went down.
    await api.close().catch(() => undefined);
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'proxy-tray-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },

  // eslint-disable-next-line no-empty-pattern -- as above.
  keychain: async ({}, use) => {
    const keychain = e2eKeychain();
    await use(keychain);
    await keychain.clear();
  },

  launchHarness: async ({ api, dataDir, keychain, installedBuild, harnessPlatform }, use) => {
    const running = new Set<Harness>();
    await use(async (options = {}) => {
      const harness = await startHarness({
        dataDir,
        vault: options.vault ?? keychain.vault,
        installedBuild,
        ...(harnessPlatform ? { platform: harnessPlatform } : {}),
        // "Open a browser" starts a real Chromium: without a window here, and sending the
        // loopback echo through the port like any other page.
        browserLaunch: {
          extraArgs: ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args],
          proxyLoopback: true,
        },
        ...(options.signInAs
          ? {
              signIn: {
                serviceUrl: api.baseUrl,
                token: options.token ?? api.tokenFor(options.signInAs),
              },
            }
          : {}),
      });
      const close = harness.close.bind(harness);
      harness.close = async () => {
        if (!running.delete(harness)) return;
        await close();
      };
      running.add(harness);
      return harness;
    });
    for (const harness of [...running]) await harness.close();
  },

  popup: async ({ page, api, launchHarness, signInAs }, use) => {
    let harness = await launchHarness(signInAs ? { signInAs } : {});
    await page.goto(harness.url);
    await use({
      page,
      api,
      get harness() {
        return harness;
      },
      async restart() {
        await harness.close();
        harness = await launchHarness();
        await page.goto(harness.url);
        return harness;
      },
      async show(panel) {
        // Sent before the page's event stream is open, the event would reach no page.
        await expect.poll(() => harness.connectedPages()).toBeGreaterThan(0);
        const response = await harness.request('/__harness/show', {
          method: 'POST',
          body: JSON.stringify(panel ? { panel } : {}),
        });
        if (!response.ok)
          throw new Error(`The harness refused to show the popup: ${response.status}`);
      },
    });
  },
});

export { expect } from '@playwright/test';
