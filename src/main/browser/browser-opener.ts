import { UserFacingError } from '../errors/user-facing-error';
import { findBrowsers, noBrowserFoundMessage, type BrowserFacts } from './browser-discovery';
import { BrowserLaunchError, browserLaunchErrors } from './browser-launch-error';
import type { BrowserHandle, BrowserLauncher } from './browser-launcher';
import { localPortUrl } from '../local-ports/local-port-url';

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
  /**
   * How long a new browser must keep running before it is said to be open; one that exits
   * sooner is reported as a failure. 3 s by default.
   */
  settleMs?: number;
}

/** Long enough for a bad flag, a missing display or a locked profile to end a browser. */
const SETTLE_MS = 3000;

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
      const name = PRODUCT_NAMES[browser.product] ?? browser.path;
      // One already open has been running; a new one is open only once it has stayed up.
      if (launch.status === 'launched') await this.#stillRunning(launch.browser, name);
      return { browser: name, alreadyOpen: launch.status === 'already-open' };
    } catch (error) {
      if (error instanceof BrowserLaunchError)
        throw new UserFacingError('invalid_input', error.message);
      throw error;
    }
  }

  /** Waits the settle time; throws the browser's exit and last words if it quit before. */
  async #stillRunning(browser: BrowserHandle, name: string): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.#options.settleMs ?? SETTLE_MS);
    });
    const exit = await Promise.race([browser.exited, settled]);
    clearTimeout(timer);
    if (exit) throw browserLaunchErrors.exitedAtOnce(name, exit, browser.stderrHead());
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
