import type { PlansService } from '../plans/plans-service';
import { UserFacingError } from '../errors/user-facing-error';

/**
 * Refuses a request naming proxies the active account's listing does not hold, saying how many:
 * doing the rest silently would answer OK for work that was never done (a check never run, an
 * export missing rows). `nothingDone` ends the sentence: "nothing was checked".
 */
export function refuseUnlisted(
  plans: Pick<PlansService, 'listed'>,
  proxyIds: readonly number[],
  nothingDone: string,
): void {
  const unlisted = new Set(proxyIds.filter((proxyId) => !plans.listed(proxyId))).size;
  if (unlisted === 0) return;
  const which =
    unlisted === 1 ? '1 of the proxies asked for is' : `${unlisted} of the proxies asked for are`;
  throw new UserFacingError(
    'not_found',
    `${which} not in your plans; ${nothingDone}. Refresh and try again.`,
  );
}
