import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createApiServer,
  type ApiServer,
  type ApiServerOptions,
} from '../../../tools/reference-service/server';

/**
 * One reference service for a whole test file, with its faults and request log reset after every
 * test. Returns an accessor, because the server exists only once `beforeAll` has run.
 */
export function useApiServer(options: ApiServerOptions = {}): () => ApiServer {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    server = await createApiServer(options);
  });
  afterEach(() => {
    server?.faults.clear();
    server?.requestLog.clear();
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('The reference service has not started');
    return server;
  };
}
