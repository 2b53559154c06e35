import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createProxyServiceClient,
  type ProxyServiceClient,
  type ProxyServiceClientOptions,
} from '../../../src/main/api/proxy-service-client';
import { createApiServer, type ApiServer, type ApiServerOptions } from '../../api-server/server';

/**
 * Starts the reference service once for a test file and gives each test a client signed in as a
 * user of it. Faults and the request log are reset after every test.
 */
export function useReferenceService(options: ApiServerOptions = {}) {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    server = await createApiServer(options);
  });
  afterEach(() => {
    server?.faults.clear();
    server?.requestLog.clear();
  });
  afterAll(() => server?.close());

  const service = () => {
    if (!server) throw new Error('The reference service has not started');
    return server;
  };
  return {
    service,
    client(
      username = 'demo',
      overrides: Partial<ProxyServiceClientOptions> = {},
    ): ProxyServiceClient {
      return createProxyServiceClient({
        baseUrl: service().baseUrl,
        token: service().tokenFor(username),
        ...overrides,
      });
    },
    /** A proxy of the user's in a plan that is not blocked, so updates are allowed. */
    changeableProxyId(username = 'demo'): number {
      const plans = service().store.account(username)?.plans ?? [];
      const proxy = plans.find((plan) => !plan.is_blocked && plan.proxies.length > 0)?.proxies[0];
      if (!proxy) throw new Error(`${username} has no changeable proxy`);
      return proxy.id;
    },
    blockedProxyId(username = 'demo'): number {
      const plans = service().store.account(username)?.plans ?? [];
      const proxy = plans.find((plan) => plan.is_blocked && plan.proxies.length > 0)?.proxies[0];
      if (!proxy) throw new Error(`${username} has no blocked proxy`);
      return proxy.id;
    },
  };
}

/** The rejection of a promise, for assertions on its fields. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject, but it resolved');
}
