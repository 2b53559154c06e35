// The service's endpoints, as spec section 4 describes them. Where the spec says "not shown"
// (ownership, blocked plans, errors, bounds) the choices are explained in README.md.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from './authenticate';
import type { Caller } from './authenticate';
import { boolean, integerBetween, stringUpTo, validateBody } from './body-validation';
import { ApiError } from './error-replies';
import type { Plan, Proxy, User } from './records';
import type { AccountStore } from './store';
import type { TokenService } from './tokens';

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
}

export function registerApiRoutes(app: FastifyInstance, deps: ApiRouteDependencies): void {
  const { store, tokens } = deps;
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

  app.get('/users/me', async (request): Promise<User> => userView(await callerOf(request)));
  app.post('/users/me', async (request): Promise<User> => userView(await callerOf(request)));

  // The live records go out as they are: labels live elsewhere in the store, never in here.
  app.get('/users/plans', async (request): Promise<Plan[]> => {
    const caller = await callerOf(request);
    return caller.account.plans;
  });

  app.put('/proxies/update_rotation', async (request) => {
    const caller = await callerOf(request);
    const body = validateBody(request.body, { id: proxyId, is_rotating: boolean });
    const proxy = changeableProxy(caller, body.id);
    store.setRotation(proxy.id, body.is_rotating);
    return { is_rotating: proxy.is_rotating };
  });

  app.put('/proxies/update_rotate_interval', async (request) => {
    const caller = await callerOf(request);
    const body = validateBody(request.body, {
      id: proxyId,
      rotate_interval: integerBetween(1, MAX_ROTATE_INTERVAL_SECONDS),
    });
    const proxy = changeableProxy(caller, body.id);
    store.setRotateInterval(proxy.id, body.rotate_interval);
    return { success: true };
  });

  app.put('/proxies/update_label', async (request) => {
    const caller = await callerOf(request);
    const body = validateBody(request.body, { id: proxyId, label: stringUpTo(MAX_LABEL_LENGTH) });
    const proxy = changeableProxy(caller, body.id);
    store.setLabel(proxy.id, body.label);
    // The spec's answer is the bare JSON boolean, not an object.
    return true;
  });
}
