import type { IpcError } from '../../shared/ipc/ipc-error';

/** An error of the main process whose message is written for the user. */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
  constructor(
    readonly kind: IpcError['kind'],
    message: string,
    readonly canKeepForSession = false,
  ) {
    super(message);
  }
}

/**
 * A change the service did not take (refused, or its answer lost) that is kept on this computer
 * all the same: nothing the user typed is lost, so the popup says so calmly instead of as a failure.
 */
export class KeptLocallyError extends UserFacingError {}
