import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

/** A port of `host` that was free a moment ago: the system's pick when listening on port 0. */
export async function findFreePort(host: string): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
