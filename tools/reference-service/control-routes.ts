// The control API: lets a test running in another process (browser tests) inject faults,
// revoke or mint tokens and read proxy state. It mints tokens, so it needs the server's key of
// this run (X-Control-Key), which only whoever started the server learns: any local user can reach
// 127.0.0.1. Only loopback callers get in too; the server listens on 127.0.0.1 anyway, this is a
// second lock on the same door.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isRunSecret } from '../shared/run-secret';
import { ApiError } from './error-replies';
import type { FaultQueue } from './faults';
import { faultSchema } from './fault-schema';
import type { LoggedRequest, RequestLog } from './request-log';
import type { AccountStore } from './store';
import type { IssueTokenOptions, TokenService } from './tokens';

export interface ControlRouteDependencies {
  store: AccountStore;
  tokens: TokenService;
  faults: FaultQueue;
  requestLog: RequestLog;
  issueToken(username: string, options?: IssueTokenOptions): Promise<string>;
  /** This run's key, which every control request must carry in CONTROL_KEY_HEADER. */
  key: string;
}

/** The header that carries the control API's key. */
export const CONTROL_KEY_HEADER = 'x-control-key';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const usernameParams = z.object({ username: z.string() });
const proxyIdParams = z.object({ id: z.coerce.number().int().positive() });
const tokenRequest = z.strictObject({ expiresInSeconds: z.number().int().optional() }).optional();
const requestQuery = z.object({ method: z.string().optional(), path: z.string().optional() });

export function registerControlRoutes(app: FastifyInstance, deps: ControlRouteDependencies): void {
  const { store, tokens, faults, requestLog } = deps;

  app.addHook('onRequest', async (request) => {
    const offered = request.headers[CONTROL_KEY_HEADER];
    if (!isRunSecret(typeof offered === 'string' ? offered : undefined, deps.key))
      throw new ApiError(403, `Control API needs its key (${CONTROL_KEY_HEADER})`);
    if (!LOOPBACK_ADDRESSES.has(request.ip))
      throw new ApiError(403, 'Control API is loopback only');
  });

  app.post('/faults', async (request, reply) => {
    const fault = parseOr400(faultSchema, request.body);
    faults.add(fault);
    return reply.code(201).send({ pending: faults.pending.length });
  });
  app.get('/faults', async () => ({ pending: faults.pending }));
  app.delete('/faults', async () => {
    faults.clear();
    return { success: true };
  });

  app.post('/users/:username/revoke', async (request) => {
    const { username } = parseOr400(usernameParams, request.params);
    const account = store.account(username);
    if (!account) throw new ApiError(404, 'User not found');
    return { revoked: tokens.revokeAllFor(account.user.uuid) };
  });

  app.post('/users/:username/token', async (request) => {
    const { username } = parseOr400(usernameParams, request.params);
    if (!store.account(username)) throw new ApiError(404, 'User not found');
    const options = parseOr400(tokenRequest, request.body) ?? {};
    return { token: await deps.issueToken(username, options) };
  });

  app.get('/proxies/:id', async (request) => {
    const { id } = parseOr400(proxyIdParams, request.params);
    const state = store.proxyState(id);
    if (!state) throw new ApiError(404, 'Proxy not found');
    // JSON has no undefined: an unset label is null here.
    return { ...state, label: state.label ?? null };
  });

  app.get('/requests', async (request) => {
    const match = parseOr400(requestQuery, request.query);
    const entries = requestLog.matching(match).map(withoutSecrets);
    return { count: entries.length, requests: entries };
  });
  app.delete('/requests', async () => {
    requestLog.clear();
    return { success: true };
  });
}

function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, z.prettifyError(result.error));
  return result.data;
}

/** The log leaves the process, so tokens do not: the header shows only that one was sent. */
function withoutSecrets(entry: LoggedRequest): LoggedRequest {
  const { authorization } = entry.headers;
  if (authorization === undefined) return entry;
  const scheme = authorization.split(' ')[0] ?? '';
  return { ...entry, headers: { ...entry.headers, authorization: `${scheme} [redacted]` } };
}
