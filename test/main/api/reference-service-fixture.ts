import {
  createProxyServiceClient,
  type ProxyServiceClient,
  type ProxyServiceClientOptions,
} from '../../../src/main/api/proxy-service-client';
import type { ApiServerOptions } from '../../../tools/reference-service/server';
import { blockedProxyOf, changeableProxyOf } from '../../tools/reference-service/test-helpers';
import { useApiServer } from '../../tools/reference-service/use-api-server';

/** The reference service for a test file, and clients signed in as its users. */
export function useReferenceService(options: ApiServerOptions = {}) {
  const service = useApiServer(options);
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
    changeableProxyId: (username = 'demo') => changeableProxyOf(service(), username).id,
    blockedProxyId: (username = 'demo') => blockedProxyOf(service(), username).id,
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
