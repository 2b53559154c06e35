import { checksCases } from './checks-cases';
import { credentialsCases } from './credentials-cases';
import { exportCases } from './export-cases';
import { localPortsCases } from './local-ports-cases';
import { poolPortsCases } from './pool-ports-cases';
import { proxyCases } from './proxy-cases';
import { sessionCases } from './session-cases';
import { settingsCases } from './settings-cases';
import { statusCases } from './status-cases';
import { terminalCommandCases } from './terminal-command-cases';
import { windowCases } from './window-cases';
import type { AppServices, UseCases } from './use-case-types';
import type { commandContract } from '../../shared/command-line/command-contract';
import type { Handlers } from '../ipc/ipc-dispatcher';
import { commandLineCases } from './command-line-cases';

export type CommandUseCases = Handlers<typeof commandContract>;

/** Every use case, by area; no Electron here, so the app, the preview and the tests run these. */
export function createUseCases(services: AppServices): UseCases {
  return {
    ...sessionCases(services),
    ...proxyCases(services),
    ...credentialsCases(services),
    ...localPortsCases(services),
    ...poolPortsCases(services),
    ...checksCases(services),
    ...exportCases(services),
    ...settingsCases(services),
    ...statusCases(services),
    ...windowCases(services),
    ...terminalCommandCases(services),
  };
}

/** What a script may call (see command-contract.ts): the popup's use cases but the desktop's, and its own. */
export function createCommandUseCases(
  useCases: UseCases,
  services: Pick<AppServices, 'plans' | 'settings' | 'hostChoices' | 'localPorts' | 'pools'>,
): CommandUseCases {
  const {
    'popup:hide': _hide,
    'app:quit': _quit,
    'updates:restart': _restart,
    'logs:open-folder': _logs,
    'terminal-command:status': _commandStatus,
    'terminal-command:install': _installCommand,
    'terminal-command:remove': _removeCommand,
    ...scriptCases
  } = useCases;
  return { ...scriptCases, ...commandLineCases(services) };
}
