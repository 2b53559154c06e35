import { defineConfig } from 'vitest/config';

/**
 * Files that import Electron (or electron-log/main, which imports it): they cannot run here (no Electron binary), so they are kept small,
 * type-checked against electron.d.ts, and left out of the coverage goal.
 */
export const ELECTRON_GLUE = [
  'src/main/index.ts',
  'src/preload/index.ts',
  'src/main/shell/app-log.ts',
  'src/main/shell/auto-updater.ts',
  'src/main/shell/clipboard.ts',
  'src/main/shell/desktop-notification.ts',
  'src/main/shell/save-dialog.ts',
  'src/main/shell/lifecycle/app-lifecycle.ts',
  'src/main/shell/popup/popup-placement.ts',
  'src/main/shell/popup/popup-window.ts',
  'src/main/shell/tray/tray.ts',
];

/**
 * The suites that talk to the reference service run twice: against the spec's dialect, and
 * against the loose one a real provider might speak (strings for numbers, 0/1 booleans, other
 * timestamp spellings, a wrapped listing, updates answered with 204): the app must work on both.
 */
const TALKS_TO_THE_SERVICE = [
  'test/main/{api,plans,session,ipc,alerts,export}/**/*.test.ts',
  'test/main/proxy-check/checks-over-ipc.test.ts',
  'test/tools/preview/**/*.test.ts',
  // The command line's own suites, but its completions: those never reach the service.
  'test/cli/**/*.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'spec',
          include: ['test/**/*.test.ts'],
          env: { PROXY_TRAY_API_DIALECT: 'spec' },
        },
      },
      {
        extends: true,
        test: {
          name: 'loose',
          include: TALKS_TO_THE_SERVICE,
          // The first two read canned answers of their own, not the reference service; the
          // completion scripts never ask it anything.
          exclude: [
            'test/main/api/decoding/**',
            'test/main/api/response-properties.test.ts',
            'test/cli/completion/**',
            'test/cli/standalone/completion-output.test.ts',
          ],
          env: { PROXY_TRAY_API_DIALECT: 'loose' },
        },
      },
    ],
    environment: 'node',
    globalSetup: ['test/support/addon-build-setup.ts'],
    // Integration tests talk real HTTP and wait out real retry delays.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/main/**/*.ts', 'src/preload/**/*.ts', 'src/shared/**/*.ts'],
      exclude: [...ELECTRON_GLUE, '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
      // The goal for code outside the glue; a drop below it fails the run.
      thresholds: { lines: 95 },
    },
  },
});
