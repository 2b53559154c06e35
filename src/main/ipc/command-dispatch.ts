import { commandContract } from '../../shared/command-line/command-contract';
import type { IpcResult } from '../../shared/ipc/ipc-error';
import type { CommandUseCases } from '../app/use-cases';
import { dispatchCall } from './ipc-dispatcher';

/**
 * Runs one request of the command line over the command contract: the popup's channels but the
 * desktop's own (a script has no business hiding the popup, quitting or opening the file
 * manager: those are unknown requests here), and the command line's own.
 */
export function dispatchCommand(
  commands: CommandUseCases,
  channel: string,
  input: unknown,
  onInternalError?: (error: unknown) => void,
): Promise<IpcResult<unknown>> {
  return dispatchCall(commandContract, commands, channel, input, onInternalError);
}
