import { refreshOutcomeOf } from '../../shared/views/refresh-outcome';
import type { AppServices, UseCasesOf } from './use-case-types';
import { favoritesViewOf } from './views';

/**
 * The plans and their proxies: the listing, a refresh, the changes the service takes, the
 * password, pinning. A change answers only done or refused: what it did reaches every client as
 * the plans' update events, the one path for every change.
 */
export function proxyCases({
  session,
  plans,
  favorites,
}: AppServices): UseCasesOf<'plans' | 'proxy' | 'favorites'> {
  const favoritesView = () => favoritesViewOf(session.status().account?.id, favorites);
  return {
    'plans:list': async () => plans.snapshot(),
    'plans:refresh': async () => refreshOutcomeOf(await plans.refresh()),
    'proxy:set-rotation': async (input) => {
      await plans.setRotation(input.proxyId, input.isRotating);
      return null;
    },
    'proxy:set-interval': async (input) => {
      await plans.setRotateInterval(input.proxyId, input.seconds);
      return null;
    },
    'proxy:set-label': async (input) => {
      await plans.setLabel(input.proxyId, input.label);
      return null;
    },
    'proxy:reveal-password': async (input) => ({ password: plans.proxy(input.proxyId).password }),
    'proxy:set-pinned': async (input) => {
      const { accountId } = plans.entry(input.proxyId);
      favorites.setPinned(accountId, input.proxyId, input.pinned);
      return favoritesView();
    },
    'favorites:list': async () => favoritesView(),
  };
}
