import type { PlanView, ProxyView } from '../../../shared/views/plans-view';
import type { LocalPortView } from '../../../shared/views/local-port-view';
import type { PoolPortView } from '../../../shared/views/pool-port-view';
import type { SessionView } from '../../../shared/views/session-view';
import type { UpdateStatus } from '../../../shared/views/update-status';
import { hostAndPort } from '../../../shared/credentials/url-parts';
import { proxyTitle, type NamedProxy } from '../../../shared/ipc/proxy-title';
import { sharedAddressesOf, type PlanOfAddresses } from '../../../shared/ipc/shared-addresses';
import { type FavoriteIds, shownFavorites } from '../../../shared/favorites/shown-favorites';
import {
  MAX_FAVORITES_IN_MENU,
  MAX_PLANS_IN_MENU,
  MAX_PROXIES_PER_PLAN,
  type TrayMenuInput,
  type TrayMenuPlan,
} from './tray-menu-template';
import type { TrayMenuFavorite } from './tray-menu-item';

/** What the tray reads of a plan: a plans snapshot's views fit, whoever checked them. */
export interface TrayPlanSource extends Pick<PlanView, 'id' | 'name'> {
  proxies: readonly (NamedProxy & Pick<ProxyView, 'id'>)[];
}

/** What the tray reads of the plans: the listing (null before the first) and whether it refreshes. */
export interface TrayPlansSource {
  plans: readonly TrayPlanSource[] | null;
  refreshing: boolean;
}

/**
 * The pinned and recent proxies, and how to find one in the listing by id (the plans' index:
 * see PlansService.listed), so that the cost is that of the ids kept, not of the account.
 */
export interface TrayFavoritesSource {
  ids: FavoriteIds;
  find(proxyId: number): { planId: number; plan: PlanOfAddresses; proxy: NamedProxy } | undefined;
}

/**
 * The tray menu's data from what the popup is also shown: one source of truth for both.
 * `starting`: the keychain has not answered yet, so the session's state means nothing so far.
 *
 * It costs what the menu shows, not what the account holds: only the plans and proxies the menu
 * lists are read (sliced before anything is mapped), the rest is counted by `length`. Naming
 * reads each listed plan's addresses once per listing (sharedAddressesOf remembers them per plan
 * object), so an account of 100,000 proxies rebuilds the tray as cheaply as one of 50.
 */
export function trayMenuInputOf(
  session: SessionView,
  plans: TrayPlansSource,
  {
    starting = false,
    favorites,
    localPorts = [],
    poolPorts = [],
  }: {
    starting?: boolean;
    favorites?: TrayFavoritesSource;
    localPorts?: readonly Pick<LocalPortView, 'proxyId' | 'host' | 'port' | 'title'>[];
    poolPorts?: readonly Pick<PoolPortView, 'poolId' | 'host' | 'port' | 'title'>[];
  } = {},
): TrayMenuInput {
  const listing = plans.plans ?? [];
  const shown = favorites
    ? shownFavorites(favorites.ids, (id) => trayFavoriteOf(id, favorites), MAX_FAVORITES_IN_MENU)
    : { pinned: [], recent: [] };
  return {
    status: starting ? 'starting' : session.state,
    accounts: session.accounts.map((account) => ({
      id: account.id,
      title: account.displayName
        ? `${account.displayName} (${account.username})`
        : account.username,
      active: account.active,
    })),
    plans: listing.slice(0, MAX_PLANS_IN_MENU).map((plan) => trayMenuPlanOf(plan)),
    planCount: listing.length,
    pinned: shown.pinned,
    recent: shown.recent,
    localPorts: localPorts.map((port) => ({
      proxyId: port.proxyId,
      address: hostAndPort(port.host, port.port),
      title: port.title,
    })),
    poolPorts: poolPorts.map((pool) => ({
      poolId: pool.poolId,
      address: hostAndPort(pool.host, pool.port),
      title: pool.title,
    })),
    refreshing: plans.refreshing,
  };
}

function trayFavoriteOf(
  proxyId: number,
  favorites: TrayFavoritesSource,
): TrayMenuFavorite | undefined {
  const found = favorites.find(proxyId);
  return (
    found && {
      id: proxyId,
      planId: found.planId,
      title: proxyTitle(found.proxy, sharedAddressesOf(found.plan)),
    }
  );
}

function trayMenuPlanOf(plan: TrayPlanSource): TrayMenuPlan {
  const shared = sharedAddressesOf(plan);
  return {
    id: plan.id,
    name: plan.name,
    proxies: plan.proxies
      .slice(0, MAX_PROXIES_PER_PLAN)
      .map((proxy) => ({ id: proxy.id, title: proxyTitle(proxy, shared) })),
    proxyCount: plan.proxies.length,
  };
}

/** The version the tray offers to restart into: only a downloaded update. */
export function readyUpdateVersion(status: UpdateStatus): string | undefined {
  return status.state === 'ready' ? status.version : undefined;
}
