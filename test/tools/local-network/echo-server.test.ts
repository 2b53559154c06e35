import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startEchoServer } from '../../../tools/local-network/echo-server';
import { acceptsConnections } from '../../../tools/local-network/listening';

/** An IPv4 address of this computer that other computers can reach, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

describe('the IP echo', () => {
  it.skipIf(outward === undefined)(
    'listens on 127.0.0.1 only unless a test asks for more (skipped without a network interface besides loopback)',
    async () => {
      const address = outward ?? '';
      const echo = await startEchoServer();
      const dualStack = await startEchoServer('::');
      try {
        expect(await acceptsConnections(echo.port, '127.0.0.1')).toBe(true);
        expect(await acceptsConnections(echo.port, address)).toBe(false);
        // What the echo did before, and what a test asking for `::` still gets: every interface.
        expect(await acceptsConnections(dualStack.port, address)).toBe(true);
      } finally {
        await echo.close();
        await dualStack.close();
      }
    },
  );
});
