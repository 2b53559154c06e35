import { localPortUrl } from '../local-ports/local-port-url';
import type { AppServices, UseCasesOf } from './use-case-types';

/** Pool ports: one local address over many proxies, opened, retuned, copied and closed. */
export function poolPortsCases({
  pools,
  clipboard,
  settings,
}: AppServices): UseCasesOf<'pool-ports'> {
  return {
    'pool-ports:list': async () => pools.list(),
    'pool-ports:open': (input) => pools.open(input),
    'pool-ports:configure': async (input) => pools.configure(input),
    'pool-ports:close': async (input) => {
      await pools.close(input.poolId);
      return null;
    },
    'pool-ports:copy': async (input) => {
      const pool = pools.find(input.poolId);
      const password = pool.requiresPassword ? pools.localPassword(input.poolId) : null;
      // Without a password the address is no secret: it stays on the clipboard.
      await clipboard.copy(localPortUrl(pool, input.scheme, password), { secret: !!password });
      const what = input.scheme === 'http' ? 'HTTP' : 'SOCKS5';
      return {
        description: `${what} address of the pool port of ${pool.title} copied`,
        clearsInSeconds: password ? settings.get().clipboardClearSeconds : 0,
      };
    },
  };
}
