import type { IpcResult } from '../../shared/ipc/ipc-error';
import type { UseCases } from '../app/use-case-types';
import { dispatchIpc } from './ipc-dispatcher';

/**
 * The channels that act on the desktop itself (the popup, quitting, restarting into an update,
 * the file manager): a script has no business with them, and a user would not expect a terminal
 * command to quit the app or open a window.
 */
export const DESKTOP_ONLY_CHANNELS: ReadonlySet<string> = new Set([
  'popup:hide',
  'app:quit',
  'updates:restart',
  'logs:open-folder',
]);

/** Runs one request of the command line: the popup's dispatch, minus the desktop's own channels. */
export function dispatchCommand(
  useCases: UseCases,
  channel: string,
  input: unknown,
  onInternalError: (error: unknown) => void = () => {},
): Promise<IpcResult<unknown>> {
  if (DESKTOP_ONLY_CHANNELS.has(channel)) {
    return Promise.resolve({
      ok: false,
      error: {
        kind: 'invalid_request',
        message: `"${channel}" is for the app's own window, not the command line.`,
      },
    });
  }
  return dispatchIpc(useCases, channel, input, onInternalError);
}
