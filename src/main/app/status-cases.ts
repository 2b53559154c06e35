import { UserFacingError } from '../errors/user-facing-error';
import type { AppServices, UseCasesOf } from './use-case-types';

/** What the app has to say on its own: alerts, updates, the desktop's shortcut and tray. */
export function statusCases({
  alerts,
  updates,
  desktop,
}: AppServices): UseCasesOf<'alerts' | 'updates' | 'desktop'> {
  return {
    'alerts:list': async () => [...alerts.current()],
    'updates:status': async () => updates.status(),
    'updates:check': () => updates.checkNow(),
    'updates:restart': async () => {
      if (!updates.restart()) {
        throw new UserFacingError('invalid_request', 'No update is ready to install yet.');
      }
      return null;
    },
    'desktop:status': async () => desktop.current(),
  };
}
