import { defineConfig } from '@playwright/test';
import type { PopupOptions } from './test/e2e/support/popup-fixtures';
import { CHROMIUM_LAUNCH_OPTIONS } from './test/e2e/support/chromium';

/**
 * End-to-end tests of the popup in Debian's Chromium, through the browser harness (the built popup
 * over the real main-process services). Run: `npx electron-vite build && sh scripts/with-keychain.sh
 * npx playwright test`. The global setup fails the run when Chromium or the build is missing.
 */
export default defineConfig<PopupOptions>({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  // Not the default `test-results`: Playwright empties its output folder on every run, and that
  // folder also holds coverage reports and the screenshots these tests save on purpose.
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list']],
  // Two cores: one browser at a time, and each test's service, harness and page stay in step.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // A test waits out real retry back-offs of the service client (a few seconds at most).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every popup test against the service as the spec writes it, and as a loose provider would.
  // The loose dialect's own spec runs once (it asks for that dialect itself), and the screenshots
  // are taken of the spec's.
  projects: [
    { name: 'spec', use: { apiDialect: 'spec' }, testIgnore: ['**/loose-service.spec.ts'] },
    { name: 'loose', use: { apiDialect: 'loose' }, testIgnore: ['**/screenshots.spec.ts'] },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    viewport: { width: 380, height: 560 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
