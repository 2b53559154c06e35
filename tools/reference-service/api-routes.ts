// The service's endpoints, as spec section 4 describes them. Where the spec says "not shown"
// (ownership, blocked plans, errors, bounds) the choices are explained in README.md. What the
// routes do is the same in every dialect; how a success is written is the dialect's business.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from './authenticate';
import type { Caller } from './authenticate';
import { boolean, integerBetween, stringUpTo, validateBody } from './body-validation';
import { ApiError } from './error-replies';
import type { Proxy, User } from './records';
import type { AccountStore } from './store';
import type { TokenService } from './tokens';
import { sendWireAnswer } from './wire-answer';
import type { WireDialect } from './wire-dialect';

export const API_ROUTES = [
  { method: 'GET', path: '/users/me' },
  { method: 'POST', path: '/users/me' },
  { method: 'GET', path: '/users/plans' },
  { method: 'PUT', path: '/proxies/update_rotation' },
  { method: 'PUT', path: '/proxies/update_rotate_interval' },
  { method: 'PUT', path: '/proxies/update_label' },
] as const;

/** One year: long enough for any real use, short enough to catch a client sending milliseconds. */
export const MAX_ROTATE_INTERVAL_SECONDS = 31_536_000;
export const MAX_LABEL_LENGTH = 1000;

const proxyId = integerBetween(1, Number.MAX_SAFE_INTEGER);

export interface ApiRouteDependencies {
  store: AccountStore;
  tokens: TokenService;
  /** How answers are written: the spec's way or the loose way. */
  dialect: WireDialect;
}

export function registerApiRoutes(app: FastifyInstance, deps: ApiRouteDependencies): void {
  const { store, tokens, dialect } = deps;
  const callerOf = (request: FastifyRequest): Promise<Caller> =>
    authenticate(request.headers.authorization, tokens, store);

  const userView = (caller: Caller): User => ({
    ...caller.account.user,
    access_token: tokens.currentFor(caller.account.user.uuid) ?? caller.token,
  });

  /**
   * The proxy the caller may change. A proxy of another user gets the same 404 as an unknown id,
   * so probing ids reveals nothing about other accounts.
   */
  const changeableProxy = (caller: Caller, id: number): Proxy => {
    const location = store.locateProxy(id);
    if (!location || location.owner.uuid !== caller.account.user.uuid) {
      throw new ApiError(404, 'Proxy not found');
    }
    if (location.plan.is_blocked) throw new ApiError(403, 'Plan is blocked');
    return location.proxy;
  };

  const me = async (request: FastifyRequest): Promise<unknown> => {
    const caller = await callerOf(request);
    return dialect.user(userView(caller), caller.account);
  };
  app.get('/users/me', me);
  app.post('/users/me', me);

  app.get('/users/plans', async (request): Promise<unknown> => {
    const caller = await callerOf(request);
    return dialect.planListing(caller.account);
  });

  app.put('/proxies/update_rotation', async (request, reply) => {
    const caller = await callerOf(request);
    const body = validateBody(request.body, { id: proxyId, is_rotating: boolean });
    const proxy = changeableProxy(caller, body.id);
    store.setRotation(proxy.id, body.is_rotating);
    return sendWireAnswer(reply, dialect.rotationAnswer(proxy.id, proxy.is_rotating));
  });

  app.put('/proxies/update_rotate_interval', async (request, reply) => {
    const caller = await callerOf(request);
    const body = validateBody(request.body, {
      id: proxyId,
      rotate_interval: integerBetween(1, MAX_ROTATE_INTERVAL_SECONDS),
    });
    const proxy = changeableProxy(caller, body.id);
    store.setRotateInterval(proxy.id, body.rotate_interval);
    return sendWireAnswer(reply, dialect.intervalAnswer(proxy.id, proxy.rotate_interval));
  });

  app.put('/proxies/update_label', async (request, reply) => {
    const caller = await callerOf(request);
    const body = validateBody(request.body, { id: proxyId, label: stringUpTo(MAX_LABEL_LENGTH) });
    const proxy = changeableProxy(caller, body.id);
    store.setLabel(proxy.id, body.label);
    return sendWireAnswer(reply, dialect.labelAnswer(proxy.id, body.label));
  });
}
