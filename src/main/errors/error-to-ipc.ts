import { ProxyServiceError } from '../api/proxy-service-error';
import { StoreError } from '../store/store-error';
import { TemplateError } from '../../shared/credentials';
import type { IpcError } from '../../shared/ipc/ipc-error';
import { KeptLocallyError, UserFacingError } from './user-facing-error';

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
