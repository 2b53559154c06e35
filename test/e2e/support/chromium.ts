import { existsSync } from 'node:fs';

/** Debian's Chromium: Playwright never downloads a browser on our machines. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
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

/** Throws, naming the apt package, when the browser is not installed: a missing browser is a failure. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install the apt package "chromium" (apt-get install -y chromium).`,
    );
  }
}
