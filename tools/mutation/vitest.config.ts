import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests one mutation run gives each mutant: the module's, named by run.ts in
 * $PROXY_TRAY_MUTATION_TESTS (JSON), as the spec's dialect. One file for every module, so no
 * config is written per run; Stryker's test processes inherit the variable.
 *
 * Stryker's vitest runner starts vitest with `pool: 'threads'`, over any config; in threads
 * keytar's libsecret crashes the process (SIGSEGV) and `process.umask()`, which the private-files
 * tests set, is refused. The plugin puts `forks` back once the config is resolved.
 */
const include = JSON.parse(process.env.PROXY_TRAY_MUTATION_TESTS ?? '[]') as string[];

export default defineConfig({
  // The project's root, also inside Stryker's sandbox copy of it.
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [
    {
      name: 'proxy-tray:forks',
      configureVitest({ vitest, project }) {
        vitest.config.pool = 'forks';
        project.config.pool = 'forks';
      },
    },
  ],
  test: {
    include,
    pool: 'forks',
    env: { PROXY_TRAY_API_DIALECT: 'spec' },
    // The project's own: under load a property test of 5,000 listings outlasts vitest's 5 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
