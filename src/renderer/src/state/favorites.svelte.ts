import type { FavoritesView } from '../../../shared/views/favorites-view';
import { shownFavorites, type ShownFavorites } from '../../../shared/favorites/shown-favorites';
import { listedProxies, type ListedProxy } from '../lib/listed-proxies';
import { bridge } from './bridge';
import { plans } from './plans.svelte';
import { toasts } from './toasts.svelte';

const NONE: FavoritesView = { accountId: null, pinned: [], recent: [] };

/**
 * The active account's pinned proxies and its last copied ones, as the main process keeps them
 * (per account, on this computer). Shown only where found in the plans on screen, and only when
 * both are the same account's: a switch may bring the plans and the favorites in either order.
 */
class Favorites {
  view = $state.raw<FavoritesView>(NONE);
  /** The "Pinned & recent" section shows its proxies; folded to one line by default. */
  expanded = $state(false);

  readonly #current = $derived(
    this.view.accountId !== null && this.view.accountId === plans.snapshot?.accountId
      ? this.view
      : NONE,
  );
  readonly #pinned = $derived(new Set(this.#current.pinned));

  /** The proxies to list, pinned first, neither holding one the listing lacks. */
  readonly shown: ShownFavorites<ListedProxy> = $derived.by(() => {
    const ids = this.#current;
    const found = listedProxies(
      plans.snapshot?.plans ?? null,
      new Set([...ids.pinned, ...ids.recent]),
    );
    return shownFavorites(ids, (id) => found.get(id));
  });

  isPinned(proxyId: number): boolean {
    return this.#pinned.has(proxyId);
  }

  receive(view: FavoritesView): void {
    this.view = view;
  }

  async load(): Promise<void> {
    const result = await bridge().favorites.list();
    // Not worth a toast: the next change sends them again.
    if (result.ok) this.view = result.value;
  }

  async setPinned(proxyId: number, pinned: boolean): Promise<void> {
    const result = await bridge().proxy.setPinned({ proxyId, pinned });
    if (result.ok) this.view = result.value;
    else toasts.error(result.error.message);
  }
}

export const favorites = new Favorites();
