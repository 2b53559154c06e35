import type { CommandLineChannel } from '../../shared/command-line/command-contract';
import type { commandLineContract } from '../../shared/command-line/command-contract';
import { UserFacingError } from '../errors/user-facing-error';
import { localPortUrl } from '../local-ports/local-port-url';
import { credentialsText } from '../credentials/copy-credentials';
import { saveExport, type ExportFile } from '../export/save-export';
import type { Handlers } from '../ipc/ipc-dispatcher';
import type { AppServices } from './use-case-types';
import { refuseUnlisted } from './unlisted-proxies';

export type CommandLineCases = Handlers<Pick<typeof commandLineContract, CommandLineChannel>>;

/**
 * What only a script asks for: credentials and exports as text, which the popup gets through the
 * clipboard and a save dialog instead. The same rules as the popup's copies and exports (default
 * format, each plan's host, the custom template), by the same functions.
 */
export function commandLineCases({
  plans,
  settings,
  hostChoices,
  localPorts,
  pools,
}: Pick<
  AppServices,
  'plans' | 'settings' | 'hostChoices' | 'localPorts' | 'pools'
>): CommandLineCases {
  return {
    'cli:credentials': async (input) => {
      refuseUnlisted(plans, input.proxyIds, 'nothing was printed');
      const parts = { plans, settings, hostChoices };
      return {
        lines: input.proxyIds.map((proxyId) => credentialsText(parts, { ...input, proxyId })),
      };
    },
    'cli:export': async (input) => {
      refuseUnlisted(plans, input.proxyIds, 'nothing was exported');
      let file: ExportFile | undefined;
      const outcome = await saveExport(
        plans.entries(input.proxyIds),
        input,
        settings.get(),
        async (built) => {
          file = built;
          return { saved: true, path: built.suggestedName };
        },
      );
      if (!outcome.saved || file === undefined) throw new Error('The export was not built.');
      return { fileName: file.suggestedName, content: file.content, count: outcome.count };
    },
    'cli:local-port-url': async (input) => {
      const port = localPorts.find(input.proxyId);
      if (!port) throw new UserFacingError('not_found', 'That local port is no longer open.');
      const password = port.requiresPassword ? localPorts.localPassword(input.proxyId) : null;
      return { url: localPortUrl(port, input.scheme, password) };
    },
    'cli:pool-url': async (input) => {
      const pool = pools.find(input.poolId);
      const password = pool.requiresPassword ? pools.localPassword(input.poolId) : null;
      return { url: localPortUrl(pool, input.scheme, password) };
    },
  };
}
