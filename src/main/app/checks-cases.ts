import type { AppServices, UseCasesOf } from './use-case-types';
import { refuseUnlisted } from './unlisted-proxies';

/** Checking proxies through the IP echo. */
export function checksCases({ checks, plans }: AppServices): UseCasesOf<'checks'> {
  return {
    'checks:list': async () => checks.view(),
    'checks:start': async (input) => {
      refuseUnlisted(plans, input.proxyIds, 'no check was started');
      return checks.start(input.proxyIds);
    },
    'checks:cancel': async () => checks.cancel(),
  };
}
