import { createServer } from 'node:net';
import { createProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import type { ProxyServiceClient } from '../../../src/main/api/proxy-service-client';
import {
  SessionService,
  type SessionServiceOptions,
} from '../../../src/main/session/session-service';
import type { SessionStatus } from '../../../src/main/session/session-status';
import { InMemoryAccountRegistry } from './in-memory-account-registry';

/** Real clients, without retries: failures in these tests are meant, and waiting adds nothing. */
export function realClient(opts: { baseUrl: string; token: string }): ProxyServiceClient {
  return createProxyServiceClient({ ...opts, maxRetries: 0, timeoutMs: 5_000 });
}

/** A SessionService over the given vault, with a fresh registry unless one is handed in. */
export function buildSession(
  options: Partial<SessionServiceOptions> & Pick<SessionServiceOptions, 'vault'>,
) {
  const registry =
    (options.registry as InMemoryAccountRegistry | undefined) ?? new InMemoryAccountRegistry();
  const events: SessionStatus[] = [];
  const session = new SessionService({ createClient: realClient, ...options, registry });
  session.onChange((status) => events.push(status));
  return { session, registry, events };
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}
