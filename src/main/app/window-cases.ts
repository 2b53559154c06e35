import { UserFacingError } from '../errors/user-facing-error';
import type { AppServices, UseCases, UseCasesOf } from './use-case-types';

/** The app's own windows and life: hiding the popup, the logs folder, quitting. */
export function windowCases(
  services: AppServices,
): UseCasesOf<'popup' | 'logs'> & Pick<UseCases, 'app:quit'> {
  return {
    'logs:open-folder': async () => {
      const opened = await services.openLogsFolder();
      if (!opened.ok) {
        throw new UserFacingError(
          'internal',
          `The logs folder could not be opened (${opened.reason}). It is ${opened.folder}`,
        );
      }
      return null;
    },
    'popup:hide': async () => {
      services.hidePopup();
      return null;
    },
    'app:quit': async () => {
      services.quit();
      return null;
    },
  };
}
