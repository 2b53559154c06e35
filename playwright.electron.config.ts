import { defineConfig } from '@playwright/test';

/**
 * Smoke tests of the packaged app through Playwright's `_electron` (test/electron/): the tray, the
 * popup, the OS keychain, the real clipboard and quitting. They need the smoke build
 * (`npm run dist:smoke`, electron-builder.smoke.yml: the release build with the inspect fuse on,
 * which Playwright drives the app through) and so the Electron binary. Our own machines have
 * neither: the global setup then fails the run at once, saying what to run. The release workflow
 * runs them on Linux (xvfb-run + scripts/with-keychain.sh), macOS and Windows. Not part of npm test.
 */
export default defineConfig({
  testDir: 'test/electron',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/electron/support/global-setup.ts',
  // Not `test-results` itself: Playwright empties its output folder, which holds other reports.
  outputDir: 'test-results/electron-artifacts',
  reporter: [['list']],
  // One app at a time: the tray, the clipboard and the keychain belong to the whole desktop.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // Starting a packaged app and signing in against real services takes a while on CI runners.
  timeout: 180_000,
  expect: { timeout: 15_000 },
});
