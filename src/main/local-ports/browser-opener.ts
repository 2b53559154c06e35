import { UserFacingError } from '../ipc/error-to-ipc';
import { findBrowsers, noBrowserFoundMessage, type BrowserFacts } from './browser-discovery';
import { BrowserLaunchError } from './browser-launch-error';
import type { BrowserLauncher } from './browser-launcher';
import { localPortUrl } from './local-port-url';

export interface BrowserOpenerOptions {
  launcher: Pick<BrowserLauncher, 'launch' | 'closeAll' | 'removeStaleProfiles'>;
  /** The machine, with the browser path setting, read at each opening (the setting may change). */
  facts: () => BrowserFacts;
  /** The first page: the IP echo, so that the window shows the proxy's exit address at once. */
  startUrl: () => string;
  /** For a display-less test machine (`--headless=new`); none in the app. */
  extraArgs?: readonly string[];
  /** Sends loopback pages through the port too: the harness's local echo only. */
  proxyLoopback?: boolean;
}

const PRODUCT_NAMES: Record<string, string> = {
  chrome: 'Chrome',
  chromium: 'Chromium',
  edge: 'Edge',
  brave: 'Brave',
  firefox: 'Firefox',
  setting: 'the browser set in Settings',
};

/**
 * "Open a browser through this proxy": the first browser found, on a fresh profile, with the
 * proxy's local port as its proxy. Only the local port's address reaches the browser's command
 * line; the upstream credentials stay in the port.
 */
export class BrowserOpener {
  readonly #options: BrowserOpenerOptions;

  constructor(options: BrowserOpenerOptions) {
    this.#options = options;
  }

  /** Answers the browser's name, for "Chromium opened through …". */
  async open(port: { host: string; port: number; proxyId: number }, keepProfile: boolean) {
    const search = findBrowsers(this.#options.facts());
    const browser = search.candidates[0];
    if (!browser) throw new UserFacingError('not_found', noBrowserFoundMessage(search));
    try {
      const launch = await this.#options.launcher.launch({
        browser,
        proxyUrl: localPortUrl(port, 'http', null),
        startUrl: this.#options.startUrl(),
        // Stable per proxy, so that a kept profile is found again; no credentials in it.
        proxyName: `proxy-${port.proxyId}`,
        keepProfile,
        ...(this.#options.extraArgs ? { extraArgs: this.#options.extraArgs } : {}),
        ...(this.#options.proxyLoopback ? { proxyLoopback: true } : {}),
      });
      return {
        browser: PRODUCT_NAMES[browser.product] ?? browser.path,
        alreadyOpen: launch.status === 'already-open',
      };
    } catch (error) {
      if (error instanceof BrowserLaunchError)
        throw new UserFacingError('invalid_input', error.message);
      throw error;
    }
  }

  /** At start: throwaway profiles a crash (of the app or a browser) left behind. */
  async removeStale(): Promise<void> {
    await this.#options.launcher.removeStaleProfiles();
  }

  /** When the app quits: the browsers lose their port with it. */
  closeAll(): Promise<void> {
    return this.#options.launcher.closeAll();
  }
}
