import { UserFacingError } from '../errors/user-facing-error';
import type { AppServices, UseCasesOf } from './use-case-types';

/**
 * The `proxy-tray` command on PATH, where the app must put it itself (macOS: see
 * CommandLinkInstaller). Elsewhere the installer did, and there is nothing to show or do.
 */
export function terminalCommandCases({
  terminalCommand,
}: Pick<AppServices, 'terminalCommand'>): UseCasesOf<'terminal-command'> {
  const installer = () => {
    if (!terminalCommand) {
      throw new UserFacingError(
        'invalid_request',
        'The proxy-tray command is put on PATH by the installer on this system.',
      );
    }
    return terminalCommand;
  };
  return {
    'terminal-command:status': async () =>
      terminalCommand ? terminalCommand.status() : { state: 'unavailable' },
    'terminal-command:install': async () => installer().install(),
    'terminal-command:remove': async () => installer().remove(),
  };
}
