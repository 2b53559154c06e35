import { ProxyServiceError } from '../api/proxy-service-error';
import { StoreError } from '../settings/store-error';
import { TemplateError } from '../../shared/credentials';
import type { IpcError } from '../../shared/ipc/ipc-error';

/**
 * Any failure, as the popup may see it. Service and keychain errors carry sentences written for
 * users and nothing secret; anything else is a bug, shown without its details (which could hold
 * anything) and reported to the caller to log.
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof ProxyServiceError || error instanceof StoreError) {
    return { kind: error.kind, message: error.message };
  }
  if (error instanceof TemplateError) return { kind: 'invalid_input', message: error.message };
  if (error instanceof UserFacingError) {
    return {
      kind: error.kind,
      message: error.message,
      ...(error.canKeepForSession ? { canKeepForSession: true } : {}),
      ...(error instanceof KeptLocallyError ? { keptLocally: true } : {}),
    };
  }
  return {
    kind: 'internal',
    message: 'Something went wrong inside Proxy Tray. Try again, or restart it.',
  };
}

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
