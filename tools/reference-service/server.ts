// The local reference implementation of the proxy service API (spec: proxy-service-api.md),
// started by tests on 127.0.0.1 and spoken to over real HTTP.

import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyRequest } from 'fastify';
import { newRunSecret } from '../shared/run-secret';
import { installAnswerFaults } from './answer-faults';
import { API_ROUTES, registerApiRoutes } from './api-routes';
import { registerControlRoutes } from './control-routes';
import type { ApiDialect } from './dialect';
import { resolveDialect } from './dialect';
import { installErrorReplies } from './error-replies';
import { applyFault } from './fault-replies';
import { FaultQueue, isAnswerFault } from './faults';
import { acceptOnlyJsonBodies } from './json-body';
import { LooseVariants } from './loose-variants';
import type { Account } from './records';
import type { LoggedRequest } from './request-log';
import { RequestLog } from './request-log';
import {
  CONTROL_PREFIX,
  isControlPath,
  normalizePrefix,
  pathnameOf,
  routePathOf,
} from './request-paths';
import { generateAccount } from './seed';
import { hashToSeed } from './seeded-random';
import { AccountStore } from './store';
import type { IssueTokenOptions } from './tokens';
import { TokenService } from './tokens';
import { looseDialect, specDialect } from './wire-dialect';

export interface AccountOptions {
  username: string;
  plans?: number;
  proxiesPerPlan?: number;
  /** Default: derived from the server seed and the username. */
  seed?: number;
  /**
   * How many of the account's plans (the first ones) are a provider's gateway: all their proxies
   * on the plan's first host:port, told apart by username alone. Default 0.
   */
  gatewayPlans?: number;
}

export interface ApiServerOptions {
  /** Default 0: a random free port. */
  port?: number;
  /** Path prefix of the API routes, e.g. "/api"; the control API stays at the root. */
  prefix?: string;
  accounts?: AccountOptions[];
  /** Default 1: the same data on every run. */
  seed?: number;
  /** Clock in epoch milliseconds, for token expiry and generated dates. Default Date.now. */
  now?: () => number;
  /** Serve the control API under /__control/, to callers with `controlKey`. Default false. */
  control?: boolean;
  /**
   * How answers are written: 'spec' exactly as the spec says, 'loose' the way real providers
   * bend it (README.md). Default: $PROXY_TRAY_API_DIALECT when set, else 'spec'.
   */
  dialect?: ApiDialect;
}

export interface ApiServer {
  /** Origin, e.g. "http://127.0.0.1:41234". */
  url: string;
  /** Where the API routes live, with a trailing slash: "http://127.0.0.1:41234/api/". */
  baseUrl: string;
  prefix: string;
  /** The dialect being served. */
  dialect: ApiDialect;
  /** How this server writes each item: which answer a proxy's updates get, broken entries... */
  looseVariants: LooseVariants;
  store: AccountStore;
  faults: FaultQueue;
  tokens: TokenService;
  requestLog: RequestLog;
  /** The user's current token (the one /users/me returns); throws if the user has none. */
  tokenFor(username: string): string;
  /** Issues a new token for the user; it becomes the current one while it is valid. */
  issueToken(username: string, options?: IssueTokenOptions): Promise<string>;
  /**
   * The control API's key for this run, sent in the X-Control-Key header; undefined without
   * `control`. Memory only: whoever starts the server hands it to the callers it means.
   */
  controlKey: string | undefined;
  close(): Promise<void>;
}

export const DEFAULT_ACCOUNTS: readonly AccountOptions[] = [
  { username: 'demo', plans: 6, proxiesPerPlan: 8 },
  { username: 'other', plans: 2, proxiesPerPlan: 3 },
];

export async function createApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const dialect = resolveDialect(options.dialect);
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 1;
  const prefix = normalizePrefix(options.prefix);
  const store = new AccountStore(buildAccounts(options.accounts ?? DEFAULT_ACCOUNTS, seed, now()));
  const looseVariants = new LooseVariants({
    dialect,
    seed,
    accounts: store.accounts(),
    isTakenProxyId: (id) => store.locateProxy(id) !== undefined,
  });
  const tokens = new TokenService({ now });
  const faults = new FaultQueue();
  const requestLog = new RequestLog();

  const issueToken = async (username: string, tokenOptions?: IssueTokenOptions) => {
    const account = store.account(username);
    if (!account) throw new Error(`No user ${username}`);
    return tokens.issue(account.user.uuid, tokenOptions);
  };
  for (const account of store.accounts()) await issueToken(account.user.username);

  // No logger: requests carry bearer tokens, and nothing here may write them anywhere.
  // forceCloseConnections: close() must not wait for "hang" faults or keep-alive sockets.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  acceptOnlyJsonBodies(app);
  installErrorReplies(app, {
    allowedMethods: (url) => {
      const routePath = routePathOf(pathnameOf(url), prefix);
      return API_ROUTES.filter((route) => route.path === routePath).map((route) => route.method);
    },
  });

  // Logging and faults sit in front of everything, authentication included, the way a proxy or
  // load balancer in front of the real service would.
  const spoilAnswerOf = installAnswerFaults(app);
  const logEntries = new WeakMap<FastifyRequest, LoggedRequest>();
  app.addHook('onRequest', async (request) => {
    const pathname = pathnameOf(request.url);
    if (isControlPath(pathname)) return;
    const routePath = routePathOf(pathname, prefix);
    const entry: LoggedRequest = {
      method: request.method,
      path: routePath ?? pathname,
      url: request.url,
      outsidePrefix: routePath === undefined,
      headers: { ...request.headers },
      body: undefined,
      receivedAt: now(),
    };
    requestLog.record(entry);
    logEntries.set(request, entry);
  });
  app.addHook('preHandler', async (request, reply) => {
    const entry = logEntries.get(request);
    if (!entry) return;
    entry.body = request.body;
    if (entry.outsidePrefix) return;
    const fault = faults.take(entry.method, entry.path);
    if (!fault) return;
    if (isAnswerFault(fault)) {
      // The service handles the request first; the fault takes its answer on the way out.
      spoilAnswerOf(request, fault);
      return;
    }
    if (await applyFault(fault, reply)) return reply;
  });

  const wireDialect = dialect === 'loose' ? looseDialect(seed, looseVariants) : specDialect;
  await app.register(
    async (api) => registerApiRoutes(api, { store, tokens, dialect: wireDialect }),
    { prefix },
  );
  const controlKey = options.control ? newRunSecret() : undefined;
  if (controlKey !== undefined) {
    await app.register(
      async (control) =>
        registerControlRoutes(control, {
          store,
          tokens,
          faults,
          requestLog,
          issueToken,
          key: controlKey,
        }),
      { prefix: CONTROL_PREFIX },
    );
  }

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseUrl: `${url}${prefix}/`,
    prefix,
    dialect,
    looseVariants,
    store,
    faults,
    tokens,
    requestLog,
    tokenFor(username) {
      const account = store.account(username);
      const token = account && tokens.currentFor(account.user.uuid);
      if (!token) throw new Error(`No valid token for user ${username}`);
      return token;
    },
    issueToken,
    controlKey,
    close: () => app.close(),
  };
}

/** Puts every proxy of the plan on its first proxy's host:port, as a provider's gateway does. */
function asGateway(plan: Account['plans'][number]): void {
  const [first] = plan.proxies;
  if (!first) return;
  for (const proxy of plan.proxies) Object.assign(proxy, { ip: first.ip, port: first.port });
}

/** Ids continue from one account to the next: they are unique across the whole server. */
function buildAccounts(specs: readonly AccountOptions[], serverSeed: number, now: number) {
  const accounts: Account[] = [];
  let firstPlanId: number | undefined;
  let firstProxyId: number | undefined;
  for (const spec of specs) {
    const account = generateAccount({
      seed: spec.seed ?? hashToSeed(`${serverSeed}:${spec.username}`),
      username: spec.username,
      plans: spec.plans ?? 6,
      proxiesPerPlan: spec.proxiesPerPlan ?? 8,
      now,
      firstPlanId,
      firstProxyId,
    });
    for (const plan of account.plans.slice(0, spec.gatewayPlans ?? 0)) asGateway(plan);
    accounts.push(account);
    for (const plan of account.plans) {
      firstPlanId = Math.max(firstPlanId ?? 0, plan.id + 1);
      for (const proxy of plan.proxies) firstProxyId = Math.max(firstProxyId ?? 0, proxy.id + 1);
    }
  }
  return accounts;
}
