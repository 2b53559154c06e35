import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Which Chromium the popup tests drive. Our machines use Debian's /usr/bin/chromium (Playwright
 * never downloads a browser here). PROXY_TRAY_CHROMIUM=playwright takes Playwright's own download
 * instead (`npx playwright install chromium`, as on GitHub's runners); any other value is the path
 * of a Chromium executable.
 */
export const CHROMIUM_ENV = 'PROXY_TRAY_CHROMIUM';
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

export type ChromiumChoice = { kind: 'playwright' } | { kind: 'path'; path: string };

export function chromiumChoice(env: NodeJS.ProcessEnv = process.env): ChromiumChoice {
  const value = env[CHROMIUM_ENV]?.trim();
  if (value === 'playwright') return { kind: 'playwright' };
  return { kind: 'path', path: value || DEBIAN_CHROMIUM_PATH };
}

export function chromiumLaunchOptions(choice: ChromiumChoice = chromiumChoice()): {
  executablePath?: string;
  args: string[];
} {
  return {
    // Playwright's own Chromium is found by Playwright itself.
    ...(choice.kind === 'path' ? { executablePath: choice.path } : {}),
    // Harmless where they are not needed: --no-sandbox lets Chromium run as root in containers.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  };
}

export const CHROMIUM_LAUNCH_OPTIONS = chromiumLaunchOptions();

/** Throws, saying how to install it, when the chosen browser is missing: a missing browser is a failure. */
export function requireChromium(choice: ChromiumChoice = chromiumChoice()): void {
  if (choice.kind === 'playwright') {
    const path = chromium.executablePath();
    if (!existsSync(path)) {
      throw new Error(
        `Playwright's Chromium is missing at ${path} (${CHROMIUM_ENV}=playwright): run npx playwright install chromium.`,
      );
    }
    return;
  }
  if (!existsSync(choice.path)) {
    throw new Error(
      choice.path === DEBIAN_CHROMIUM_PATH
        ? `Chromium is missing at ${choice.path}: install the apt package "chromium" (apt-get install -y chromium), or set ${CHROMIUM_ENV}=playwright to use Playwright's own.`
        : `Chromium is missing at ${choice.path}, the path ${CHROMIUM_ENV} names.`,
    );
  }
}

/** Chromium proxied through a local port (`--proxy-server`), loopback included. */
export function launchThroughPort(scheme: 'http' | 'socks5', port: number) {
  const defaults = chromiumLaunchOptions();
  return chromium.launch({
    ...defaults,
    args: [
      ...defaults.args,
      `--proxy-server=${scheme}://127.0.0.1:${port}`,
      // Chromium never proxies loopback unless told to.
      '--proxy-bypass-list=<-loopback>',
    ],
  });
}
