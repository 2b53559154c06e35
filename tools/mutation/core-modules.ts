/**
 * The core modules whose tests a mutation run measures, each against its own tests plus the
 * integration tests that exercise it on purpose (issue 31: every one at 90 % killed or more).
 * A module is what a user would name: the code that decides what they see or keep.
 */
export interface CoreModule {
  /** What the module is called on the command line and in the reports. */
  name: string;
  /** The source files whose mutants are made. */
  mutate: string[];
  /** The test files run against each mutant (Stryker runs only those that cover it). */
  tests: string[];
}

const HTTP_FRAMING = [
  'src/main/local-ports/relay/body-framing.ts',
  'src/main/local-ports/relay/host-name.ts',
  'src/main/local-ports/relay/http-heads.ts',
  'src/main/local-ports/relay/origin-target.ts',
  'src/main/local-ports/relay/strict-http-parser.ts',
];

export const CORE_MODULES: CoreModule[] = [
  {
    name: 'api',
    mutate: ['src/main/api/**/*.ts'],
    tests: ['test/main/api/**/*.test.ts'],
  },
  {
    name: 'plans',
    mutate: ['src/main/plans/**/*.ts', 'src/main/keyed-serial-queue.ts'],
    tests: ['test/main/plans/**/*.test.ts', 'test/main/keyed-serial-queue.test.ts'],
  },
  {
    name: 'session',
    mutate: ['src/main/session/**/*.ts'],
    tests: ['test/main/session/**/*.test.ts'],
  },
  {
    name: 'stores',
    mutate: ['src/main/store/**/*.ts', 'src/main/settings/**/*.ts', 'src/main/labels/**/*.ts'],
    // Not the labels' crash and debris tests: they kill a writing process over and over, which
    // would take a run from minutes to over an hour; they prove the atomic write, not a rule.
    tests: [
      'test/main/store/**/*.test.ts',
      'test/main/settings/**/*.test.ts',
      'test/main/labels/label-store.test.ts',
      'test/main/labels/label-store-recovery.test.ts',
    ],
  },
  {
    name: 'clipboard',
    mutate: ['src/main/clipboard/**/*.ts'],
    tests: ['test/main/clipboard/**/*.test.ts'],
  },
  {
    name: 'credentials',
    mutate: ['src/main/credentials/**/*.ts'],
    // Copying is proved through the popup's channel, as the popup copies; the text a script
    // prints (a template of its own call among them) through the command line's channel.
    tests: [
      'test/main/credentials/**/*.test.ts',
      'test/main/ipc/copy-over-ipc.test.ts',
      'test/main/ipc/command-channels.test.ts',
    ],
  },
  {
    // The HTTP rules of the local ports: what a head or body may be, how framing is written anew.
    // A run of its own, against its own fast tests and the relay's smuggling and security tests:
    // its regexes and tables are made when the module loads, so each of their mutants runs every
    // test it is measured against, and against the whole local-ports suite (a minute a mutant,
    // 267 of them) the run would not fit in a working session.
    name: 'http-framing',
    mutate: HTTP_FRAMING,
    tests: [
      ...HTTP_FRAMING.map((file) =>
        file
          .replace('src/main/local-ports/relay/', 'test/main/local-ports/relay/')
          .replace('.ts', '.test.ts'),
      ),
      'test/main/local-ports/http-smuggling.test.ts',
      'test/main/local-ports/security.test.ts',
    ],
  },
  {
    name: 'local-ports',
    mutate: ['src/main/local-ports/**/*.ts', ...HTTP_FRAMING.map((file) => `!${file}`)],
    // The relay's moves to another upstream (a connect failure, a benched member), its new
    // upstream for each request and its binding by the app's login (a session) happen only behind
    // a pool: these pool tests drive them on purpose.
    tests: [
      'test/main/local-ports/**/*.test.ts',
      'test/main/pool/pool-relay.test.ts',
      'test/main/pool/pool-failover.test.ts',
      'test/main/pool/pool-connections.test.ts',
      'test/main/pool/pool-sessions.test.ts',
    ],
  },
  {
    name: 'pools',
    mutate: ['src/main/pool/**/*.ts'],
    tests: ['test/main/pool/**/*.test.ts'],
  },
  {
    name: 'cli',
    mutate: ['src/cli/args/**/*.ts', 'src/cli/output/**/*.ts', 'src/cli/cli-failure.ts'],
    tests: ['test/cli/unit/**/*.test.ts'],
  },
];
