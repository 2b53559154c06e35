import keytar from 'keytar';
import { afterAll, beforeAll } from 'vitest';
import type { ApiServer } from '../../../tools/reference-service/server';
import type { Plan, Proxy } from '../../../tools/reference-service/records';
import { makeCliPlace, runCli, type CliPlace, type CliRun } from './cli-process';

export interface SignedInCli {
  place: CliPlace;
  /** `proxy-tray ARGS` in this place, no app running: the command serves the data itself. */
  run(
    args: readonly string[],
    options?: { env?: NodeJS.ProcessEnv; input?: string },
  ): Promise<CliRun>;
}

/** Empties the keychain entries the command line made for this place: a test leaves none behind. */
export async function forgetKeychainOf(place: CliPlace): Promise<void> {
  for (const { account } of await keytar.findCredentials(place.keychainService)) {
    await keytar.deletePassword(place.keychainService, account);
  }
}

/** Signs `username` in with `proxy-tray login --token-stdin`, as a user would; throws if it fails. */
export async function logIn(place: CliPlace, server: ApiServer, username: string): Promise<CliRun> {
  const login = await runCli(['login', '--service-url', server.baseUrl, '--token-stdin'], {
    env: place.env,
    input: `${server.tokenFor(username)}\n`,
  });
  if (login.code !== 0) throw new Error(`login failed (${login.code}): ${login.stderr}`);
  return login;
}

/**
 * A data folder of a test file's own, signed in as `username` through `login --token-stdin`
 * before its tests, and emptied (keychain entry included) after them.
 */
export function useSignedInCli(server: () => ApiServer, username = 'demo'): () => SignedInCli {
  let cli: SignedInCli | undefined;
  beforeAll(async () => {
    const place = await makeCliPlace();
    await logIn(place, server(), username);
    cli = {
      place,
      run: (args, options = {}) =>
        runCli(args, { env: { ...place.env, ...options.env }, input: options.input }),
    };
  });
  afterAll(async () => {
    if (!cli) return;
    await forgetKeychainOf(cli.place);
    await cli.place.remove();
  });
  return () => {
    if (!cli) throw new Error('The signed-in place has not been made');
    return cli;
  };
}

export interface ProxyOfPlan {
  plan: Plan;
  proxy: Proxy;
}

/**
 * Proxies of the account that every dialect lists as they are: in a plan that is not blocked
 * (whose updates the service accepts), and none the loose dialect writes unreadably.
 */
export function usableProxies(server: ApiServer, username = 'demo'): ProxyOfPlan[] {
  const unreadable = new Set(
    server.looseVariants.unreadableProxies(username).map((entry) => entry.proxyId),
  );
  return (server.store.account(username)?.plans ?? [])
    .filter((plan) => !plan.is_blocked)
    .flatMap((plan) => plan.proxies.map((proxy) => ({ plan, proxy })))
    .filter(({ proxy }) => !unreadable.has(proxy.id));
}

/**
 * The demo account's first plan every dialect lists whole (not blocked, every proxy usable) with
 * two proxies or more, and `alsoWanted` when given.
 */
export function wholePlan(
  server: ApiServer,
  alsoWanted: (plan: Plan) => boolean = () => true,
): Plan {
  const usable = new Set(usableProxies(server).map(({ proxy }) => proxy));
  const plan = server.store
    .account('demo')
    ?.plans.find(
      (candidate) =>
        !candidate.is_blocked &&
        candidate.proxies.length >= 2 &&
        candidate.proxies.every((proxy) => usable.has(proxy)) &&
        alsoWanted(candidate),
    );
  if (!plan) throw new Error('The demo account needs a plan every dialect lists whole');
  return plan;
}

/** Parses a `--json` answer, saying what was printed when it is not JSON. */
export function parseJson<T = unknown>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`Not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}
