import { saveExport } from '../export/save-export';
import type { AppServices, UseCasesOf } from './use-case-types';
import { refuseUnlisted } from './unlisted-proxies';

/** Saving proxies to a file where the user picks. */
export function exportCases({ plans, settings, saveFile }: AppServices): UseCasesOf<'export'> {
  return {
    'export:save': async (input) => {
      refuseUnlisted(plans, input.proxyIds, 'nothing was exported');
      return saveExport(plans.entries(input.proxyIds), input, settings.get(), saveFile);
    },
  };
}
