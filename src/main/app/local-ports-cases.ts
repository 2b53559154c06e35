import { UserFacingError } from '../errors/user-facing-error';
import { localPortUrl } from '../local-ports/local-port-url';
import type { AppServices, UseCasesOf } from './use-case-types';

/** Local ports: a proxy forwarded on this computer, its address copied, a browser opened through it. */
export function localPortsCases({
  localPorts,
  browsers,
  clipboard,
  settings,
}: AppServices): UseCasesOf<'local-ports'> {
  return {
    'local-ports:list': async () => localPorts.list(),
    'local-ports:open': (input) => localPorts.open(input),
    'local-ports:configure': (input) => localPorts.configure(input),
    'local-ports:close': async (input) => {
      await localPorts.close(input.proxyId);
      return null;
    },
    'local-ports:open-browser': async (input) => {
      const port = await localPorts.open({ proxyId: input.proxyId });
      const keepProfile = input.keepProfile ?? localPorts.keepsBrowserProfile(port.proxyId);
      const opened = await browsers.open(port, keepProfile);
      return { ...opened, port };
    },
    'local-ports:copy': async (input) => {
      const port = localPorts.find(input.proxyId);
      if (!port) throw new UserFacingError('not_found', 'That local port is no longer open.');
      const password = port.requiresPassword ? localPorts.localPassword(input.proxyId) : null;
      // Without a password the address is no secret: it stays on the clipboard.
      await clipboard.copy(localPortUrl(port, input.scheme, password), { secret: !!password });
      const what = input.scheme === 'http' ? 'HTTP' : 'SOCKS5';
      return {
        description: `${what} address of the local port of ${port.title} copied`,
        clearsInSeconds: password ? settings.get().clipboardClearSeconds : 0,
      };
    },
  };
}
